import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A generated site with a sidebar too big to inline, and what a test needs to know about it. */
export interface BigSidebarSite {
  root: string;
  /** Routes of every doc and category page, i.e. every link the full sidebar holds. */
  routes: string[];
}

const groups = ['Group A', 'Group B', 'Group C'];
const docsPerGroup = 16;

/**
 * Writes a docs-only site of 251 tiny docs in five top-level categories of three groups each,
 * covering the category shapes the sidebar split must handle: a generated index (`Alpha`), no
 * page of its own (`Beta`, whose first group nests one level deeper), an index doc (`Gamma`),
 * `collapsed: false` at the top (`Delta`) and inside a collapsed one (`Epsilon › Group A`).
 * `config` is spread into `site.config.ts` (e.g. `{ docs: { sidebarInlineLimit: 1000 } }`).
 */
export function writeBigSidebarSite(options: { config?: Record<string, unknown> } = {}): BigSidebarSite {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sitegen-big-sidebar-'));
  const routes: string[] = ['/'];
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  const doc = (rel: string, title: string) => write(`content/docs/${rel}`, `---\ntitle: ${title}\n---\n\nAbout ${title.toLowerCase()}.\n`);

  write('package.json', '{ "type": "module", "private": true }\n');
  write('site.config.ts', `export default ${JSON.stringify({ title: 'Big Sidebar', url: 'https://big.example', ...options.config }, null, 2)};\n`);
  doc('index.md', 'Home');

  const sections = [
    { name: 'Alpha', category: { link: { type: 'generated-index', slug: '/alpha' } }, href: '/alpha' },
    { name: 'Beta', category: {}, href: undefined },
    { name: 'Gamma', category: {}, href: '/gamma', indexDoc: true },
    { name: 'Delta', category: { collapsed: false }, href: undefined },
    { name: 'Epsilon', category: {}, href: undefined },
  ];
  sections.forEach((section, s) => {
    const slug = section.name.toLowerCase();
    const dir = `0${s + 1}-${slug}`;
    write(`content/docs/${dir}/_category_.json`, JSON.stringify({ label: section.name, ...section.category }));
    if (section.href) routes.push(section.href);
    if (section.indexDoc) doc(`${dir}/index.md`, `${section.name} overview`);
    for (const n of [1, 2]) {
      doc(`${dir}/${slug}-notes-${n}.md`, `${section.name} notes ${n}`);
      routes.push(`/${slug}/${slug}-notes-${n}`);
    }
    groups.forEach((group, g) => {
      const groupSlug = group.toLowerCase().replace(' ', '-');
      const groupDir = `${dir}/0${g + 1}-${groupSlug}`;
      const collapsed = section.name === 'Epsilon' && g === 0 ? { collapsed: false } : {};
      write(`content/docs/${groupDir}/_category_.json`, JSON.stringify({ label: `${section.name} ${group}`, ...collapsed }));
      for (let i = 1; i <= docsPerGroup; i++) {
        const n = String(i).padStart(2, '0');
        // Beta › Group A holds its pages one folder deeper, so Beta's first page is two levels down.
        const nested = section.name === 'Beta' && g === 0 ? 'deep/' : '';
        doc(`${groupDir}/${nested}page-${n}.md`, `${section.name} ${group} page ${n}`);
        routes.push(`/${slug}/${groupSlug}/${nested}page-${n}`);
      }
    });
  });
  return { root, routes };
}
