/** `decodeURI` that leaves malformed escapes (`%zz`) as written instead of throwing. */
export function safeDecode(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}
