import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import Link from '../../../theme/mdx/link.tsx';
import { renderMdx, testSite } from './render-mdx.tsx';

const underBase = (node: ReactNode) => renderMdx(node, { site: testSite({ baseUrl: '/docs-site/' }) });

describe('@docusaurus/Link', () => {
  it('puts the base before internal routes given as `to` or `href`', () => {
    expect(underBase(<Link to="/rules">Rules</Link>)).toBe('<a href="/docs-site/rules">Rules</a>');
    expect(underBase(<Link href="/api/objects#serpent" className="button">API</Link>)).toBe('<a href="/docs-site/api/objects#serpent" class="button">API</a>');
    expect(underBase(<Link to="/docs-site/rules">Rules</Link>)).toBe('<a href="/docs-site/rules">Rules</a>');
  });

  it('renders external links as our Markdown does: rel="noopener noreferrer", no base', () => {
    expect(underBase(<Link to="https://example.com/x">Out</Link>)).toBe('<a href="https://example.com/x" rel="noopener noreferrer">Out</a>');
    expect(underBase(<Link href="//cdn.example/a">CDN</Link>)).toBe('<a href="//cdn.example/a" rel="noopener noreferrer">CDN</a>');
    // The author's own rel or target wins.
    expect(underBase(<Link to="https://example.com" target="_blank" rel="external">Out</Link>)).toBe('<a href="https://example.com" rel="external" target="_blank">Out</a>');
  });

  it('leaves anchors, relative paths and other schemes as written', () => {
    expect(underBase(<Link to="#food">Food</Link>)).toBe('<a href="#food">Food</a>');
    expect(underBase(<Link to="setup">Setup</Link>)).toBe('<a href="setup">Setup</a>');
    expect(underBase(<Link href="mailto:team@arena.example">Mail</Link>)).toBe('<a href="mailto:team@arena.example">Mail</a>');
  });

  it('takes `pathname://` as a based path, and drops router-only props', () => {
    expect(underBase(<Link to="pathname:///raw/rules.pdf">PDF</Link>)).toBe('<a href="/docs-site/raw/rules.pdf">PDF</a>');
    expect(underBase(<Link to="/rules" isNavLink activeClassName="active" autoAddBaseUrl>Rules</Link>)).toBe('<a href="/docs-site/rules">Rules</a>');
    expect(underBase(<Link to="/rules" autoAddBaseUrl={false}>Rules</Link>)).toBe('<a href="/rules">Rules</a>');
    expect(underBase(<Link>Nowhere</Link>)).toBe('<a>Nowhere</a>');
  });
});
