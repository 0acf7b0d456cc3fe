/**
 * One member of an `If-None-Match` list (RFC 9110 §8.8.3): `W/"x"` or `"x"`, its opaque tag
 * being any visible character but `"` (so it may hold a comma), then a comma or the end.
 * Empty members (`a, , b`) are allowed by the list syntax (§5.6.1).
 */
const memberRE = /[ \t]*(?:(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)")?[ \t]*(?:,|$)/y;

/**
 * Whether an `If-None-Match` header matches the current representation's `etag`, so that a GET
 * or HEAD is answered 304 (RFC 9110 §13.1.2): `*` matches any current representation; a list
 * matches when one of its entity tags is equal to `etag` under weak comparison (§8.8.3.2: the
 * opaque tags are equal, whether either is marked `W/` or not). A header that is not valid
 * syntax matches nothing, so the full response is sent.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const current = opaqueTag(etag);
  memberRE.lastIndex = 0;
  let matched = false;
  while (memberRE.lastIndex < header.length) {
    const start = memberRE.lastIndex;
    const member = memberRE.exec(header);
    // No progress or no match: a stray character, an unquoted tag, a `w/` in lower case.
    if (!member || memberRE.lastIndex === start) return false;
    if (member[1] !== undefined && member[1] === current) matched = true;
  }
  return matched;
}

/** `abc` for `W/"abc"` or `"abc"`. */
function opaqueTag(etag: string): string {
  return etag.replace(/^W\//, '').slice(1, -1);
}
