import type { ReactNode } from 'react';
import { MdxSiteProvider, type MdxSite } from './context.tsx';
import { GlobalMdxProvider } from './global-mdx-provider.tsx';

/**
 * What an island is hydrated inside (theme/client/islands.ts): the page's site context and the
 * site's global MDX components, as the server rendered it.
 */
export function IslandProvider({ value, children }: { value: MdxSite; children?: ReactNode }): ReactNode {
  return (
    <MdxSiteProvider value={value}>
      <GlobalMdxProvider>{children}</GlobalMdxProvider>
    </MdxSiteProvider>
  );
}
