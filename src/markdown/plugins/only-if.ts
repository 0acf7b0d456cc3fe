import type { VFile } from 'vfile';

/** A unified plugin: called with its options (and the processor as `this`), returns a transform. */
type PluginLike = (...options: never[]) => unknown;

/**
 * Runs `plugin` only on files whose Markdown source matches `test`. Each plugin walks every node
 * of every page, and most pages hold no table, formula or board: a regular expression over the
 * source is far cheaper than the walk (on this site, about a sixth of the Markdown phase).
 *
 * The test must be conservative: it may let through a file without the construct, never skip
 * one with it. A transform that takes a callback (a third parameter) always runs.
 */
export function onlyIf<P extends PluginLike>(test: RegExp, plugin: P): P {
  return function (this: unknown, ...options: Parameters<P>) {
    const transform: unknown = plugin.apply(this, options);
    if (typeof transform !== 'function' || transform.length > 2) return transform;
    return (tree: unknown, file: VFile) => (test.test(String(file.value)) ? transform(tree, file) : undefined);
  } as P;
}
