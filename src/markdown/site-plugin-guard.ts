/**
 * The site's own remark and rehype plugins, each guarded as the processor is set up: a plugin's
 * attacher runs once, before any page, when unified freezes the processor, and one that throws
 * there (a plugin missing its options, say) failed the whole build as "Internal error: sitegen
 * crashed" with a stack. Guarded, it is the site's error: which plugin, where the config lists it,
 * what it said, and what to do.
 */
import type { Pluggable, PluggableList, Plugin } from 'unified';
import { SitegenError } from '../diagnostics/sitegen-error.ts';

/** The lists a site's config may give, as Docusaurus names them. */
export const SITE_PLUGIN_LISTS = ['beforeDefaultRemarkPlugins', 'remarkPlugins', 'beforeDefaultRehypePlugins', 'rehypePlugins'] as const;
type ListName = typeof SITE_PLUGIN_LISTS[number];
type Lists = Partial<Record<ListName, PluggableList>>;

/** A guard's plugin, for what reads the site's own (cache keys hash the plugin's source). */
const originals = new WeakMap<object, Plugin>();

/** The plugin a guard stands for, or `plugin` itself. */
export function originalPlugin<T>(plugin: T): T {
  return (typeof plugin === 'function' && (originals.get(plugin) as T | undefined)) || plugin;
}

/**
 * `lists` with each plugin's attacher guarded (options and presets as they were). A plugin listed
 * twice gets one guard, so that unified still sees the same attacher (it merges the options of a
 * plugin used twice). `configFile` is named in the error.
 *
 * @example
 * guardSitePlugins({ remarkPlugins: [[linkDocblocks, {}]] }, 'docusaurus.config.ts')
 */
export function guardSitePlugins<T extends Lists>(lists: T, configFile: string): T {
  const guards = new Map<Plugin, Plugin>();
  const guard = (plugin: Plugin, where: string): Plugin => {
    const known = guards.get(plugin);
    if (known) return known;
    const guarded = function (this: unknown, ...args: unknown[]) {
      try {
        return (plugin as (...a: unknown[]) => unknown).apply(this, args);
      } catch (error) {
        throw setupError({ plugin, where, configFile, error });
      }
    } as Plugin;
    Object.defineProperty(guarded, 'name', { value: plugin.name });
    originals.set(guarded, plugin);
    guards.set(plugin, guarded);
    return guarded;
  };
  const out: Lists = { ...lists };
  for (const name of SITE_PLUGIN_LISTS) {
    const list = lists[name];
    if (!list) continue;
    out[name] = list.map((entry, index): Pluggable => {
      const where = `${name}[${index}]`;
      if (typeof entry === 'function') return guard(entry, where);
      if (Array.isArray(entry) && typeof entry[0] === 'function') return [guard(entry[0], where), ...entry.slice(1)] as Pluggable;
      return entry;
    });
  }
  return out as T;
}

/** The error of a plugin that threw while the processor was set up. */
function setupError(options: { plugin: Plugin; where: string; configFile: string; error: unknown }): SitegenError {
  const { plugin, where, configFile, error } = options;
  const said = error instanceof Error ? error.message : String(error);
  // A minified package's attacher has no name: the package it threw from names it instead.
  const from = packageOf(error);
  const name = plugin.name ? `\`${plugin.name}\`${from ? ` of \`${from}\`` : ''}` : from ? `of \`${from}\`` : '(an anonymous function)';
  const message = `Cannot set up the Markdown plugin ${name} (\`${where}\`): it threw ${error instanceof Error ? error.name : 'a value'}: ${said}`;
  return new SitegenError(message, {
    cause: error,
    diagnostics: [{
      file: configFile, severity: 'error', ruleId: 'config/markdown-plugin', message, cause: error,
      hint: `It is one of the site's own plugins (\`markdown.${where}\`, or a Docusaurus preset's docs, blog or pages \`${where}\`), and it failed before any page was read: give it the options its documentation asks for, or take it out of the list. \`--verbose\` prints its stack.`,
    }],
  });
}

/**
 * The package whose code threw `error` first: its stack's top frame, in the last `node_modules`
 * folder of its path (not a cache folder there, `.cache`, where the site's own config is bundled).
 */
function packageOf(error: unknown): string | undefined {
  const stack = error instanceof Error ? error.stack ?? '' : '';
  const top = stack.split('\n').find((line) => /^\s+at /.test(line)) ?? '';
  const name = top.split(/node_modules[\\/]/).slice(1).pop()?.match(/^(?:@[^\\/.][^\\/]*[\\/])?[^\\/.][^\\/]*/)?.[0];
  return name?.replace('\\', '/');
}
