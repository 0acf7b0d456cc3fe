/**
 * Prose for the synthetic corpus: sentences built from clause templates whose slots are filled
 * from word lists with a Zipf (rank-frequency) distribution, so word frequencies, sentence
 * lengths and paragraph lengths look like real documentation rather than uniform noise — which
 * matters for Markdown parsing, gzip ratios and search-index size.
 */
import type { Random } from './random.ts';

// Each list is ordered from most to least frequent; `zipf` favours the front.
const dets = ['the', 'each', 'your', 'a', 'every', 'this', 'that', 'any', 'no', 'its', 'our', 'one'];
const nouns = [
  'server', 'request', 'response', 'page', 'build', 'snake', 'move', 'game', 'board', 'turn',
  'value', 'field', 'route', 'config', 'file', 'engine', 'player', 'client', 'cache', 'token',
  'handler', 'version', 'error', 'link', 'section', 'table', 'index', 'query', 'plugin', 'theme',
  'schema', 'module', 'runtime', 'timeout', 'port', 'header', 'payload', 'webhook', 'release',
  'folder', 'path', 'heading', 'column', 'row', 'entry', 'record', 'account', 'team', 'league',
  'season', 'score', 'rating', 'map', 'hazard', 'food', 'tail', 'head', 'body', 'length', 'health',
  'region', 'latency', 'deployment', 'container', 'process', 'thread', 'queue', 'worker', 'job',
  'bundle', 'asset', 'image', 'stylesheet', 'script', 'document', 'template', 'layout', 'sidebar',
  'category', 'feed', 'post', 'author', 'tag', 'archive', 'tournament', 'bracket', 'replay',
  'viewer', 'shout', 'squad', 'ruleset', 'setting', 'option', 'flag', 'argument', 'parameter',
  'function', 'method', 'object', 'array', 'string', 'number', 'boolean', 'key', 'secret',
  'certificate', 'domain', 'proxy', 'gateway', 'database', 'migration', 'backup', 'snapshot',
  'metric', 'log', 'trace', 'alert', 'dashboard', 'limit', 'quota', 'budget', 'benchmark',
  'strategy', 'heuristic', 'algorithm', 'graph', 'node', 'edge', 'distance', 'neighbour', 'tree',
  'search', 'depth', 'branch', 'estimate', 'probability', 'simulation', 'opponent', 'collision',
  'wall', 'corner', 'edge case', 'starter', 'tutorial', 'guide', 'reference', 'changelog',
];
const verbs = [
  'returns', 'sends', 'reads', 'writes', 'starts', 'stops', 'checks', 'parses', 'renders', 'loads',
  'stores', 'updates', 'creates', 'removes', 'handles', 'accepts', 'rejects', 'resolves', 'retries',
  'waits for', 'measures', 'compares', 'validates', 'builds', 'serves', 'caches', 'skips', 'lists',
  'counts', 'splits', 'merges', 'sorts', 'filters', 'maps', 'wraps', 'exposes', 'hides', 'shows',
  'tracks', 'moves', 'grows', 'shrinks', 'avoids', 'reaches', 'blocks', 'follows', 'predicts',
  'scores', 'ranks', 'replaces', 'keeps', 'drops', 'logs', 'reports', 'schedules', 'copies',
];
const adjectives = [
  'default', 'new', 'current', 'next', 'local', 'small', 'large', 'optional', 'required', 'first',
  'last', 'previous', 'stable', 'public', 'private', 'static', 'dynamic', 'simple', 'valid',
  'invalid', 'fast', 'slow', 'safe', 'remote', 'hidden', 'visible', 'empty', 'full', 'shared',
  'separate', 'nearest', 'longest', 'shortest', 'hungry', 'healthy', 'narrow', 'wide', 'nested',
  'compressed', 'hashed', 'signed', 'cached', 'stale', 'fresh', 'live', 'experimental', 'legacy',
];
const adverbs = ['always', 'usually', 'only', 'never', 'often', 'already', 'still', 'quickly', 'safely', 'automatically', 'rarely', 'eventually'];
const preps = ['for', 'in', 'on', 'with', 'from', 'to', 'before', 'after', 'during', 'without', 'inside', 'across', 'behind', 'around'];
const conjunctions = ['and', 'but', 'so', 'because', 'while', 'unless', 'when', 'until', 'although', 'whereas'];
const openers = ['In practice,', 'By default,', 'For example,', 'In most cases,', 'As a result,', 'Once it is done,', 'If you are unsure,', 'Under load,', 'On every turn,', 'After a deploy,'];

/**
 * A word from a Zipf-ranked list: exponent 1 with a Mandelbrot offset `q` (larger `q` flattens
 * the head; content words use 5 so the top noun is about 6 % of nouns, function words 1.5).
 */
function zipf<T>(rng: Random, list: readonly T[], q = 1.5): T {
  // Inverse CDF of the continuous density 1/(r + q) over [0, n): r = q·((n + q)/q)^u − q.
  const n = list.length;
  const r = q * ((n + q) / q) ** rng.next() - q;
  return list[Math.min(n - 1, Math.floor(r))];
}

/** Markdown for an inline link, or `undefined` to leave the slot as prose. */
export type LinkSource = () => string | undefined;

/** Text generators sharing one random stream. */
export interface Prose {
  noun(): string;
  /** `Configure the cache`, 2–6 words, Title-cased first word. */
  title(min?: number, max?: number): string;
  /** A camelCase identifier such as `retryTimeout`. */
  identifier(): string;
  /** One sentence; `link` may insert one inline link; `plain` skips code, emphasis and math. */
  sentence(options?: { link?: LinkSource; inlineMath?: () => string; plain?: boolean }): string;
  /** 2–6 sentences. */
  paragraph(options?: { link?: LinkSource; inlineMath?: () => string; sentences?: [number, number] }): string;
}

/** Creates the prose generators over `rng`. */
export function createProse(rng: Random): Prose {
  const noun = () => zipf(rng, nouns, 5);
  const adjective = () => zipf(rng, adjectives, 5);
  const nounPhrase = () => {
    const parts = [zipf(rng, dets)];
    if (rng.chance(0.4)) parts.push(adjective());
    parts.push(noun());
    if (rng.chance(0.2)) parts.push(zipf(rng, preps), zipf(rng, dets), noun());
    return parts.join(' ');
  };
  const clause = () => {
    const parts = [nounPhrase()];
    if (rng.chance(0.15)) parts.push(zipf(rng, adverbs));
    parts.push(zipf(rng, verbs, 5), nounPhrase());
    if (rng.chance(0.45)) parts.push(zipf(rng, preps), nounPhrase());
    return parts.join(' ');
  };
  const identifier = () => {
    const head = noun().replace(/\s+/g, '');
    return rng.chance(0.5) ? head : `${head}${capitalize(rng.chance(0.5) ? adjective() : noun().replace(/\s+/g, ''))}`;
  };

  const prose: Prose = {
    noun,
    identifier,
    title(min = 2, max = 6) {
      const count = rng.int(min, max);
      const words = [rng.chance(0.5) ? baseForm(zipf(rng, verbs, 5)) : adjective()];
      while (words.length < count) words.push(rng.chance(0.7) ? noun() : zipf(rng, preps));
      if (words.length > 1 && preps.includes(words[words.length - 1])) words.push(noun());
      return capitalize(words.join(' '));
    },
    sentence(options = {}) {
      let text = rng.chance(0.12) ? `${rng.pick(openers)} ${clause()}` : capitalize(clause());
      if (rng.chance(0.35)) text += `${rng.chance(0.5) ? ',' : ''} ${zipf(rng, conjunctions)} ${clause()}`;
      const words = text.split(' ');
      // Inline decorations replace a word in the middle, where writers put them.
      const slot = () => 1 + rng.int(0, Math.max(0, words.length - 2));
      if (options.plain) return `${words.join(' ')}.`;
      if (rng.chance(0.08)) words.splice(slot(), 0, `\`${identifier()}\``);
      if (rng.chance(0.04)) { const i = slot(); words[i] = `**${words[i]}**`; }
      if (rng.chance(0.03)) { const i = slot(); words[i] = `_${words[i]}_`; }
      if (options.inlineMath && rng.chance(0.05)) words.splice(slot(), 0, options.inlineMath());
      const link = options.link?.();
      if (link) words.splice(slot(), 0, link);
      return `${words.join(' ')}${rng.chance(0.08) ? '?' : '.'}`;
    },
    paragraph(options = {}) {
      const [min, max] = options.sentences ?? [2, 6];
      const count = rng.int(min, max);
      const out: string[] = [];
      // At most one link per sentence, in about one sentence out of six (one per ~90 words).
      const link = options.link && (() => (rng.chance(0.17) ? options.link!() : undefined));
      for (let i = 0; i < count; i++) out.push(prose.sentence({ ...options, link }));
      return out.join(' ');
    },
  };
  return prose;
}

/** `waits for` → `wait`, `copies` → `copy`, `reaches` → `reach`. */
function baseForm(verb: string): string {
  const word = verb.split(' ')[0];
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  return word.replace(/s$/, '');
}

/** `cache` → `Cache` */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
