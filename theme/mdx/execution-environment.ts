/**
 * Docusaurus's `@docusaurus/ExecutionEnvironment`: what the code runs in. sitegen renders MDX and
 * React pages on the server, where each is false.
 */
const canUseDOM = typeof window !== 'undefined' && typeof window.document !== 'undefined';

const ExecutionEnvironment = {
  canUseDOM,
  canUseEventListeners: canUseDOM && typeof window.addEventListener === 'function',
  canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window,
  canUseViewport: canUseDOM && 'screen' in window,
};

export default ExecutionEnvironment;
