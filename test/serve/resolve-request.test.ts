import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/serve/resolve-request.ts';

// A build with trailing slash off: pages are `x.html`, folders' own pages `x/index.html`.
const files = new Set(['/index.html', '/404.html', '/quickstart.html', '/guides/index.html', '/guides/maps.html', '/assets/js/entry.abc123.js', '/café.html']);
const resolve = (url: string) => resolveRequest(url, (file) => files.has(file));

describe('resolveRequest', () => {
  it('maps clean URLs to x.html, then x/index.html', () => {
    expect(resolve('/')).toEqual({ kind: 'file', file: '/index.html', status: 200 });
    expect(resolve('/quickstart')).toEqual({ kind: 'file', file: '/quickstart.html', status: 200 });
    expect(resolve('/guides')).toEqual({ kind: 'file', file: '/guides/index.html', status: 200 });
    expect(resolve('/guides/maps?x=1')).toEqual({ kind: 'file', file: '/guides/maps.html', status: 200 });
    expect(resolve('/assets/js/entry.abc123.js')).toEqual({ kind: 'file', file: '/assets/js/entry.abc123.js', status: 200 });
    expect(resolve('/caf%C3%A9')).toEqual({ kind: 'file', file: '/café.html', status: 200 });
  });

  it('redirects .html, /index.html and trailing slashes to the clean URL, keeping the query', () => {
    expect(resolve('/quickstart.html')).toEqual({ kind: 'redirect', location: '/quickstart' });
    expect(resolve('/quickstart.html?a=1&b=2')).toEqual({ kind: 'redirect', location: '/quickstart?a=1&b=2' });
    expect(resolve('/guides/index.html?q')).toEqual({ kind: 'redirect', location: '/guides?q' });
    expect(resolve('/index.html')).toEqual({ kind: 'redirect', location: '/' });
    expect(resolve('/quickstart/')).toEqual({ kind: 'redirect', location: '/quickstart' });
    expect(resolve('/guides//?x=%2F')).toEqual({ kind: 'redirect', location: '/guides?x=%2F' });
    expect(resolve('/caf%C3%A9.html')).toEqual({ kind: 'redirect', location: '/caf%C3%A9' });
  });

  it('answers anything else with the 404 page', () => {
    expect(resolve('/nope')).toEqual({ kind: 'file', file: '/404.html', status: 404 });
    expect(resolve('/nope.html')).toEqual({ kind: 'file', file: '/404.html', status: 404 });
    expect(resolveRequest('/nope', () => false)).toEqual({ kind: 'not-found' });
  });

  it.each([
    '/../etc/passwd', '/guides/../../etc/passwd', '/%2e%2e/etc/passwd', '/%2E%2E/', '/.%2e/x', '/%2F', '/a%2fb',
    '//etc/passwd', '//evil.example/x', '/..\\etc\\passwd', '/a%5cb', '/a\\b', '/./index.html', '/%00', '/%E0%A4%A',
    'etc/passwd',
  ])('refuses %s', (url) => {
    expect(resolve(url)).toEqual({ kind: 'bad-request' });
  });
});
