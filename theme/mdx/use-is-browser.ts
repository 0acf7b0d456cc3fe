import { useEffect, useState } from 'react';

/**
 * Docusaurus's `useIsBrowser()`: false while rendering on the server and while hydrating (so the
 * first render in the browser matches the server's HTML), true from the render after.
 */
export default function useIsBrowser(): boolean {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => setIsBrowser(true), []);
  return isBrowser;
}
