import type { PageData, SidebarItem, SiteData } from '../../src/model.ts';
import { pageView } from './page-modules.ts';

/**
 * The view for `page.type`, from its page module (theme/pages/page-modules.ts): the client
 * runtime loads the module before it shows the page, the server registers them all.
 */
export function PageSwitch({ site, page, sidebar }: { site: SiteData; page: PageData; sidebar?: SidebarItem[] }) {
  const View = pageView(page.type);
  return <View site={site} page={page} sidebar={sidebar} />;
}
