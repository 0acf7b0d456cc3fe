/**
 * An error and its causes as a numbered list, outermost first, each with the class it came
 * from (Eleventy's shape), then the stack of the deepest cause that has one, where the problem
 * began:
 *
 * ```
 * Cause chain:
 *   1. Cannot render /guide (via SitegenError)
 *   2. Cannot read properties of undefined (reading 'title') (via TypeError)
 *
 * Stack of cause 2:
 * TypeError: Cannot read properties of undefined (reading 'title')
 *     at Card (theme/components/Card.tsx:12:20)
 * ```
 * A cause that is not an Error (a thrown string) is shown as a value; a cycle ends the chain.
 */
export function formatCauseChain(error: unknown): string {
  const chain: unknown[] = [];
  for (let e: unknown = error; e !== undefined && !chain.includes(e); e = e instanceof Error ? e.cause : undefined) chain.push(e);
  const lines = chain.map((e, i) => `  ${i + 1}. ${describe(e)}`);
  let deepest = chain.length - 1;
  while (deepest >= 0 && !(chain[deepest] instanceof Error && (chain[deepest] as Error).stack)) deepest--;
  const stack = deepest < 0 ? '' : `\n\nStack of cause ${deepest + 1}:\n${(chain[deepest] as Error).stack}`;
  return `Cause chain:\n${lines.join('\n')}${stack}`;
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return `${typeof e === 'string' ? e : JSON.stringify(e) ?? String(e)} (thrown as a ${e === null ? 'null' : typeof e}, not an Error)`;
  const first = e.message.split('\n')[0];
  return `${first || '(no message)'} (via ${e.constructor?.name || e.name})`;
}
