/**
 * Docusaurus's `useIsBrowser()`: false while rendering on the server, which is where sitegen
 * renders MDX and React pages (their output is static HTML).
 */
export default function useIsBrowser(): boolean {
  return typeof window !== 'undefined';
}
