import type { KeyPath } from '../util/source-position.ts';

/**
 * The `themeConfig` of a Docusaurus config, read as sitegen's config (see docusaurus-config.ts):
 * navbar, footer, colour mode, announcement bar, table of contents, Algolia search, and a note
 * for each option sitegen does not read.
 */

/** A plain object of the config. */
export type Obj = Record<string, unknown>;
export const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One mapping under way: the site folder, the config being made, and where notes go. */
export interface Mapping {
  root: string;
  config: Obj;
  note(parts: KeyPath, message: string): void;
  /** Plugin functions sitegen does itself (see docusaurus-config.ts › SiteFacts). */
  builtInPlugins: Map<unknown, 'remark-math' | 'rehype-katex'>;
}

export function mapThemeConfig(m: Mapping, value: unknown): void {
  if (!isObj(value)) return;
  for (const [key, v] of Object.entries(value)) {
    const at: KeyPath = ['themeConfig', key];
    if (key === 'navbar') mapNavbar(m, v, at);
    else if (key === 'footer') mapFooter(m, v, at);
    else if (key === 'colorMode' && isObj(v)) {
      const colorMode: Obj = {};
      for (const [option, setting] of Object.entries(v)) {
        if (['defaultMode', 'disableSwitch', 'respectPrefersColorScheme'].includes(option)) colorMode[option] = setting;
        else m.note([...at, option], 'not read by sitegen');
      }
      m.config.colorMode = colorMode;
    } else if (key === 'announcementBar' && isObj(v)) {
      const bar: Obj = {};
      for (const [option, setting] of Object.entries(v)) {
        if (option === 'id' || option === 'content') bar[option] = setting;
        else if (option === 'isCloseable') bar.closeable = setting;
        else m.note([...at, option], 'the bar takes the theme\'s colours; this option is not read');
      }
      bar.id ??= 'announcement-bar';
      m.config.announcementBar = bar;
    } else if (key === 'tableOfContents' && isObj(v)) {
      m.config.toc = { ...(v.minHeadingLevel === undefined ? {} : { minHeadingLevel: v.minHeadingLevel }), ...(v.maxHeadingLevel === undefined ? {} : { maxHeadingLevel: v.maxHeadingLevel }) };
    } else if (key === 'algolia' && isObj(v)) {
      const search: Obj = { provider: 'hosted' };
      for (const [option, setting] of Object.entries(v)) {
        if (['appId', 'apiKey', 'indexName', 'contextualSearch', 'searchPagePath'].includes(option)) search[option] = setting;
        else m.note([...at, option], 'not read by sitegen');
      }
      m.config.search = search;
    } else if (key === 'prism' && isObj(v)) {
      for (const option of Object.keys(v)) {
        if (option === 'magicComments' && Array.isArray(v.magicComments)) {
          (m.config.markdown as Obj).magicComments = v.magicComments;
          continue;
        }
        m.note([...at, option], option === 'additionalLanguages'
          ? 'not needed: sitegen highlights with shiki, which has every common language'
          : 'code is coloured by sitegen\'s own light and dark themes');
      }
    } else if (key === 'image' && typeof v === 'string') m.config.socialImage = v;
    else if (key === 'docs' && isObj(v)) {
      for (const [option, setting] of Object.entries(v)) {
        if (option === 'sidebar' && isObj(setting)) {
          for (const [name, value] of Object.entries(setting)) {
            if (name === 'autoCollapseCategories') (m.config.docs as Obj).autoCollapseCategories = value === true;
            else m.note([...at, option, name], 'the docs sidebar behaves as sitegen\'s theme makes it; this option is not read');
          }
        } else m.note([...at, option], 'the docs sidebar behaves as sitegen\'s theme makes it; this option is not read');
      }
    } else if (key === 'metadata' && Array.isArray(v)) {
      // Extra `<meta>` tags on every page: head tags, after the config's own.
      const metas = v.filter(isObj).map((attributes) => ({ tagName: 'meta', attributes }));
      m.config.headTags = [...((m.config.headTags as Obj[] | undefined) ?? []), ...metas];
    } else if (key === 'mermaid' && isObj(v)) {
      for (const [option, setting] of Object.entries(v)) {
        if (option === 'theme' && isObj(setting)) (m.config.markdown as Obj).mermaidTheme = Object.fromEntries(Object.entries(setting).filter(([mode]) => mode === 'light' || mode === 'dark'));
        else m.note([...at, option], 'mermaid draws with its own defaults; only `theme` is read');
      }
    } else m.note(at, `the theme option \`${key}\` is not read by sitegen`);
  }
}

function mapNavbar(m: Mapping, value: unknown, at: KeyPath): void {
  if (!isObj(value)) return;
  const navbar: Obj = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'title') navbar.title = v;
    else if (key === 'hideOnScroll') navbar.hideOnScroll = v;
    else if (key === 'logo' && isObj(v)) {
      navbar.logo = { alt: typeof v.alt === 'string' ? v.alt : '', src: typeof v.src === 'string' ? `/${v.src.replace(/^\//, '')}` : v.src, ...(typeof v.srcDark === 'string' ? { srcDark: `/${v.srcDark.replace(/^\//, '')}` } : {}) };
      for (const option of Object.keys(v)) if (!['alt', 'src', 'srcDark', 'href', 'target', 'width', 'height'].includes(option)) m.note([...at, key, option], 'not read by sitegen');
    } else if (key === 'items' && Array.isArray(v)) {
      const items: Obj[] = [];
      const iconLinks: Obj[] = [];
      v.forEach((item, index) => {
        if (isObj(item) && item.type === 'docsVersionDropdown') {
          if (typeof item.docsPluginId === 'string' && item.docsPluginId !== 'default') m.note([...at, key, index, 'docsPluginId'], 'only the classic preset\'s docs have a version menu; this one is not shown');
          else navbar.versionMenu = versionMenu(m, item, [...at, key, index]);
          return;
        }
        const mapped = mapLink(m, item, [...at, key, index], 'navbar');
        if (mapped && 'icon' in mapped) iconLinks.push(mapped);
        else if (mapped) items.push(mapped);
      });
      navbar.items = items;
      if (iconLinks.length) navbar.iconLinks = iconLinks;
    } else if (key === 'style') { /* Docusaurus's `dark` navbar: sitegen's navbar follows the colour mode. */ } else m.note([...at, key], 'not read by sitegen');
  }
  m.config.navbar = navbar;
}

function mapFooter(m: Mapping, value: unknown, at: KeyPath): void {
  if (!isObj(value)) return;
  const footer: Obj = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'copyright') footer.copyright = v;
    else if (key === 'links' && Array.isArray(v)) {
      footer.links = v.flatMap((column, index) => {
        if (!isObj(column) || !Array.isArray(column.items)) {
          m.note([...at, key, index], 'footer links in one row (without columns) are not supported; give columns with a `title` and `items`');
          return [];
        }
        const items: Obj[] = [];
        column.items.forEach((item: unknown, i: number) => {
          const link = mapLink(m, item, [...at, key, index, 'items', i], 'footer');
          if (link && !('icon' in link)) items.push(link);
        });
        return [{ title: typeof column.title === 'string' ? column.title : '', items }];
      });
    } else if (key === 'style' || key === 'logo') { /* Styling: sitegen's footer follows the colour mode. */ } else m.note([...at, key], 'not read by sitegen');
  }
  m.config.footer = footer;
}

/** A `docsVersionDropdown` item as the navbar's version menu, its `dropdownItemsAfter` at its end. */
function versionMenu(m: Mapping, item: Obj, at: KeyPath): Obj {
  const itemsAfter: Obj[] = [];
  for (const [key, v] of Object.entries(item)) {
    if (key === 'dropdownItemsAfter' && Array.isArray(v)) {
      v.forEach((link, i) => {
        const mapped = mapLink(m, link, [...at, key, i], 'navbar');
        if (mapped && !('icon' in mapped)) itemsAfter.push(mapped);
      });
    } else if (key === 'dropdownItemsBefore' && Array.isArray(v) && v.length) m.note([...at, key], 'links before the versions are not shown; put them in `dropdownItemsAfter`');
    else if (!['type', 'position', 'dropdownActiveClassDisabled', 'docsPluginId', 'dropdownItemsAfter', 'dropdownItemsBefore', 'className'].includes(key)) m.note([...at, key], 'not read by sitegen');
  }
  return { itemsAfter };
}

/** A navbar or footer item as sitegen's link, icon link, or nothing (with a note). */
function mapLink(m: Mapping, item: unknown, at: KeyPath, where: 'navbar' | 'footer'): Obj | undefined {
  if (!isObj(item)) return undefined;
  const type = typeof item.type === 'string' ? item.type : 'default';
  const label = typeof item.label === 'string' ? item.label : undefined;
  const ariaLabel = typeof item['aria-label'] === 'string' ? item['aria-label'] : undefined;
  if (type === 'search') return undefined; // sitegen's navbar always has its search button.
  // `docsPluginId`: the docs instance of a `doc` or `docSidebar` item (docusaurus-config.ts › mapDocsInstance).
  const pluginId = typeof item.docsPluginId === 'string' && item.docsPluginId !== 'default' ? item.docsPluginId : undefined;
  const instance = pluginId ? ((m.config.docsInstances ?? []) as Obj[]).find((d) => d.id === pluginId) : (m.config.docs as Obj);
  if ((type === 'doc' || type === 'docSidebar') && pluginId && !instance) {
    m.note([...at, 'docsPluginId'], `no docs instance has the id \`${pluginId}\`; the item is not shown`);
    return undefined;
  }
  const withPlugin = pluginId ? { docsPluginId: pluginId } : {};
  if (type === 'doc' && typeof item.docId === 'string') {
    const base = instance!.routeBasePath as string;
    // The doc's own route replaces this guess once the docs are read (src/render/site-data.ts).
    return { label: label ?? item.docId, to: `${base === '/' ? '' : base}/${item.docId.replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/', docId: item.docId, ...withPlugin };
  }
  if (type === 'docSidebar' && typeof item.sidebarId === 'string') {
    // Leads to the sidebar's first page (src/render/site-data.ts); the docs' root until it is known.
    const base = instance!.routeBasePath as string;
    return { label: label ?? item.sidebarId, to: base, sidebarId: item.sidebarId, ...withPlugin };
  }
  if (where === 'navbar' && type === 'html' && typeof item.value === 'string') return { type: 'html', value: item.value };
  if (where === 'navbar' && type === 'localeDropdown') return { type: 'localeDropdown' };
  if (where === 'navbar' && type === 'dropdown' && Array.isArray(item.items)) {
    // A menu of links; what its items cannot be (nested menus, HTML) is noted at each.
    const items = item.items.flatMap((child: unknown, i: number) => {
      const mapped = mapLink(m, child, [...at, 'items', i], where);
      if (mapped && ('icon' in mapped || 'type' in mapped)) m.note([...at, 'items', i], 'a menu holds links only; this item is not shown');
      return mapped && !('icon' in mapped) && !('type' in mapped) ? [mapped] : [];
    });
    return items.length && label ? { type: 'dropdown', label, items } : undefined;
  }
  if (type === 'docSidebar' || type === 'docsVersionDropdown' || type === 'docsVersion' || type === 'localeDropdown' || type === 'html' || type === 'dropdown') {
    m.note(at, `a ${where} item of type \`${type}\` is not shown yet`);
    return undefined;
  }
  const to = typeof item.to === 'string' ? item.to : undefined;
  const href = typeof item.href === 'string' ? item.href : undefined;
  // A footer item of raw HTML (a badge), as written.
  if (where === 'footer' && !to && !href && typeof item.html === 'string') return { html: item.html };
  if (!to && !href) {
    m.note(at, `a ${where} item without \`to\` or \`href\` is not shown`);
    return undefined;
  }
  if (href && !label) {
    const icon = /github\.com/.test(href) ? 'github' : /discord/i.test(href) ? 'discord' : undefined;
    // Docusaurus sites draw such an item as an icon with their own CSS (`header-github-link`).
    if (icon && where === 'navbar') return { label: ariaLabel ?? (icon === 'github' ? 'GitHub' : 'Discord'), href, icon };
    if (ariaLabel) return { label: ariaLabel, href };
    m.note(at, `a ${where} item without a label is not shown`);
    return undefined;
  }
  if (!label) {
    m.note(at, `a ${where} item without a label is not shown`);
    return undefined;
  }
  if (href && /^\//.test(href)) return { label, to: href };
  return to ? { label, to: to.startsWith('/') ? to : `/${to}`, ...(typeof item.activeBasePath === 'string' ? { activeBasePath: item.activeBasePath } : {}) } : { label, href };
}
