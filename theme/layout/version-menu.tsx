import type { SiteData } from '../../src/model.ts';
import type { DocPageVersion } from '../../src/page-model.ts';
import { useUrl } from '../runtime/base-url.tsx';
import { useRouter } from '../runtime/router-context.tsx';

/**
 * The navbar's menu of the docs' versions (Docusaurus's `docsVersionDropdown`), on a site with
 * several: a native `<details>`, which opens and closes without script. On a doc page each
 * version leads to that doc in the version when it has it, else to the version's first page (its own version: the page itself);
 * the version of the page being read is marked current and named on the button. Elsewhere the
 * button names the latest version.
 */
export function VersionMenu({ site, version, className = 'version-menu' }: { site: SiteData; version?: DocPageVersion; className?: string }) {
  const url = useUrl();
  const { route } = useRouter();
  const versions = site.docVersions;
  const menu = site.navbar.versionMenu;
  if (!versions || !menu) return null;
  // The menu lists the default docs' versions: another instance's page is in none of them.
  if (version?.instance) version = undefined;
  const shown = versions.find((v) => v.name === version?.name) ?? versions.find((v) => v.isLast) ?? versions[0];
  return (
    <details className={className}>
      <summary aria-label={`Docs version: ${shown.label}`}>{shown.label}</summary>
      <ul>
        {versions.map((v) => {
          const current = v.name === version?.name;
          return (
            <li key={v.name}>
              <a href={url(current ? route : version?.alternates?.[v.name] ?? v.href)} aria-current={current ? 'true' : undefined} data-version={v.name}>{v.label}</a>
            </li>
          );
        })}
        {menu.itemsAfter.map((item) => (
          <li key={item.href}><a href={item.external ? item.href : url(item.href)} {...(item.external ? { rel: 'noopener noreferrer' } : {})}>{item.label}</a></li>
        ))}
      </ul>
    </details>
  );
}
