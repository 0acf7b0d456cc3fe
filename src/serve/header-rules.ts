import { readFileSync, statSync } from 'node:fs';

/** One block of a `_headers` file: a path pattern and the header lines under it. */
export interface HeaderRule {
  /** The pattern as written (`/assets/*`). */
  path: string;
  /** Matches a request path; its named groups are the rule's placeholders (`splat` for `*`). */
  pattern: RegExp;
  /** `value: null` detaches the header (`! Name`): a broader rule's value is not sent. */
  headers: { name: string; value: string | null }[];
}

/**
 * Headers the server itself must set for the response to be read correctly; hosts ignore them
 * in `_headers` (Netlify lists them), and so does `sitegen serve`.
 */
const serverOwnedRE = /^(?:accept-ranges|age|allow|connection|content-encoding|content-length|content-range|date|keep-alive|location|trailer|transfer-encoding|upgrade)$/i;

/**
 * Reads a `_headers` file in the format Netlify and Cloudflare Pages share: a line starting
 * with `/` opens a rule for that path pattern, indented `Name: value` lines under it are its
 * headers, `#` starts a comment. Cloudflare's `! Name` (detach) is read too. A rule for an
 * absolute URL (`https://example.com/*`) names a host, which a local server never is; it is
 * skipped, as are lines that fit neither form.
 */
export function parseHeaderRules(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = trimmed.startsWith('/') ? { path: trimmed, pattern: compilePath(trimmed), headers: [] } : undefined;
      if (current) rules.push(current);
      continue;
    }
    if (!current) continue;
    const detach = /^!\s*([^\s:]+)$/.exec(trimmed);
    if (detach) {
      current.headers.push({ name: detach[1], value: null });
      continue;
    }
    const at = trimmed.indexOf(':');
    if (at > 0) current.headers.push({ name: trimmed.slice(0, at).trim(), value: trimmed.slice(at + 1).trim() });
  }
  return rules;
}

/**
 * The headers `_headers` adds to a response for `pathname` (the site-relative request path,
 * decoded), as the hosts apply them: every matching rule counts, in file order; a header set by
 * several rules has their values joined with `, `; a detach removes what earlier rules set and
 * what the server would send itself. `:name` and `:splat` in a value are replaced by what the
 * placeholder matched. Keys are lower case, for `setHeader`/`removeHeader`.
 */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Map<string, { name: string; value: string | null }> {
  const out = new Map<string, { name: string; value: string | null }>();
  for (const rule of rules) {
    const match = rule.pattern.exec(pathname);
    if (!match) continue;
    for (const { name, value } of rule.headers) {
      const key = name.toLowerCase();
      if (serverOwnedRE.test(key)) continue;
      if (value === null) {
        out.set(key, { name, value: null });
        continue;
      }
      const filled = value.replace(/:([A-Za-z_]\w*)/g, (token, group: string) => match.groups?.[group] ?? token);
      const before = out.get(key)?.value;
      out.set(key, { name, value: before ? `${before}, ${filled}` : filled });
    }
  }
  return out;
}

/**
 * The rules of `file` (a build's `_headers`), read again whenever its size or mtime changes:
 * `sitegen serve` keeps serving across rebuilds, which swap the whole folder. No file, no rules.
 */
export function loadHeaderRules(file: string): () => readonly HeaderRule[] {
  let seen = '';
  let rules: HeaderRule[] = [];
  return () => {
    let version = '';
    try {
      const stat = statSync(file);
      version = stat.isFile() ? `${stat.size}-${stat.mtimeMs}` : '';
      if (version && version !== seen) rules = parseHeaderRules(readFileSync(file, 'utf8'));
    } catch {
      version = '';
    }
    if (!version) rules = [];
    seen = version;
    return rules;
  };
}

/**
 * `/assets/*` → `^/assets/(?<splat>.*)$`; `/blog/:slug` → `^/blog/(?<slug>[^/]+)$`. A splat
 * matches any characters, `/` included; a placeholder one path segment.
 */
function compilePath(path: string): RegExp {
  const names = new Set<string>();
  const group = (name: string, body: string) => {
    // A name used twice would be a syntax error in the RegExp; only its first use captures.
    if (names.has(name)) return `(?:${body})`;
    names.add(name);
    return `(?<${name}>${body})`;
  };
  let source = '';
  for (const part of path.split(/(\*|:[A-Za-z_]\w*)/)) {
    if (part === '*') source += group('splat', '.*');
    else if (/^:[A-Za-z_]\w*$/.test(part)) source += group(part.slice(1), '[^/]+');
    else source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}
