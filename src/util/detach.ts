/**
 * A copy of `value` that shares no memory with the string it was cut from.
 *
 * V8 represents a substring (a regex match, `slice`, an unchanged `replace` result) of 13 or more
 * characters as a view into its parent. An href or a heading kept from a rendered page would
 * therefore keep that page's whole HTML alive: on 10,000 pages, every page's HTML at once.
 * Concatenating makes a rope, and slicing the rope flattens it into a fresh string.
 */
export function detach(value: string): string {
  return value.length < 13 ? value : (` ${value}`).slice(1);
}
