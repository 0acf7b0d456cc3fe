import { defineConfig } from './src/config/define-config.ts';

/** Serpent Arena documentation and blog. Every key is documented in README.md › Configuration. */
export default defineConfig({
  title: 'Serpent Arena',
  tagline: 'Write a web server. Steer a snake. Outlast everyone.',
  url: 'https://serpentarena.dev',
  baseUrl: '/',
  locale: 'en',
  direction: 'ltr',
  titleDelimiter: '|',
  noIndex: false,
  trailingSlash: false,
  favicon: '/img/favicon.svg',
  socialImage: '/img/social-card.png',
  repoUrl: 'https://github.com/serpent-arena/docs',
  editUrl: 'https://github.com/serpent-arena/docs/edit/main',
  stylesheets: [
    {
      href: 'https://cdn.jsdelivr.net/npm/katex@0.16.47/dist/katex.min.css',
      integrity: 'sha384-nH0MfJ44wi1dd7w6jinlyBgljjS8EJAh2JBoRad8a3VDw2K69vfaaqm4WnR+gXtA',
      crossorigin: 'anonymous',
    },
  ],
  navbar: {
    title: 'Serpent Arena',
    logo: { alt: 'Serpent Arena logo', src: '/img/logo.svg', srcDark: '/img/logo-dark.svg' },
    hideOnScroll: false,
    items: [
      { label: 'Docs', to: '/' },
      { label: 'Quickstart', to: '/quickstart' },
      { label: 'Starter Projects', to: '/starter-projects' },
      { label: 'API Reference', to: '/api' },
      { label: 'Blog', to: '/blog' },
    ],
    iconLinks: [
      { label: 'Serpent Arena on GitHub', href: 'https://github.com/serpent-arena', icon: 'github' },
      { label: 'Serpent Arena on Discord', href: 'https://discord.gg/serpentarena', icon: 'discord' },
    ],
  },
  footer: {
    links: [
      {
        title: 'Get Started',
        items: [
          { label: 'Quickstart', to: '/quickstart' },
          { label: 'Rules', to: '/rules' },
          { label: 'Starter Projects', to: '/starter-projects' },
          { label: 'FAQ', to: '/faq' },
        ],
      },
      {
        title: 'Resources',
        items: [
          { label: 'API Reference', to: '/api' },
          { label: 'Maps', to: '/maps' },
          { label: 'Useful Algorithms', to: '/guides/useful-algorithms' },
          { label: 'Leaderboards', to: '/guides/leaderboards' },
        ],
      },
      {
        title: 'Community',
        items: [
          { label: 'Discord', href: 'https://discord.gg/serpentarena' },
          { label: 'GitHub', href: 'https://github.com/serpent-arena' },
          { label: 'Tournaments', to: '/guides/tournaments' },
          { label: 'Code of Conduct', to: '/policies/conduct' },
        ],
      },
      {
        title: 'More',
        items: [
          { label: 'Blog', to: '/blog' },
          { label: 'Play Serpent Arena', href: 'https://play.serpentarena.dev' },
          { label: 'Privacy Policy', to: '/policies/privacy' },
          { label: 'Terms of Service', to: '/policies/terms' },
        ],
      },
    ],
    copyright: 'Copyright © 2019–2023 Coilworks, Port Halden. Serpent Arena is a game by Coilworks.',
  },
  announcementBar: {
    id: 'season-8-winter-2024',
    // The date comes from the canon (`:fact[…]`, written out at build time, README › Data).
    content: 'Season 8 of the Coil League starts on :fact[canon.events.league-s8.ladderStart]{date="dddd D MMMM YYYY"}. <a href="/blog/2023/12/04/season-7-recap-and-season-8">Read the announcement</a>.',
    closeable: true,
  },
  colorMode: {
    defaultMode: 'light',
    respectPrefersColorScheme: true,
    disableSwitch: false,
  },
  docs: {
    path: 'content/docs',
    routeBasePath: '/',
    sidebarId: 'main',
    breadcrumbs: true,
    // One version, current, labelled Next (spec §1); its badge shows above every doc.
    versions: { current: { label: 'Next', badge: true } },
    // The date of each doc's last commit under the article; commit authors are team accounts, not people.
    showLastUpdateTime: true,
    showLastUpdateAuthor: false,
  },
  blog: {
    path: 'content/blog',
    routeBasePath: '/blog',
    title: 'Blog',
    description: 'Engine changelogs, league news, tournament results and stories from the Serpent Arena team.',
    postsPerPage: 10,
    sidebarCount: 0,
    feedOptions: {
      type: 'all',
      title: 'Serpent Arena Blog',
      description: 'Engine changelogs, league news and tournament results from Serpent Arena.',
      copyright: 'Copyright © 2019–2023 Coilworks',
    },
  },
  markdown: { math: true },
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  search: { provider: 'local', contextualSearch: true, searchPagePath: 'search' },
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  onDuplicateRoutes: 'warn',
});
