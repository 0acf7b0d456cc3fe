import { goto, type OpenOptions, type Tab, type Tabs } from './harness.ts';

/** How long a wait may take before a test fails: a busy machine makes hydration take seconds. */
const PATIENCE = 60_000;

/**
 * {@link Tabs} whose pages wait up to a minute for anything (hydration included) instead of the
 * harness's ten seconds: these tests check what a page shows, never how fast.
 */
export function patientTabs(tabs: Tabs): Tabs {
  return {
    async open(options: OpenOptions = {}): Promise<Tab> {
      const { path, ...rest } = options;
      const tab = await tabs.open(rest);
      tab.context.setDefaultTimeout(PATIENCE);
      tab.page.setDefaultTimeout(PATIENCE);
      if (path) await goto(tab.page, path, { hydrate: rest.javaScriptEnabled !== false });
      return tab;
    },
    async another(tab: Tab, path: string): Promise<Tab> {
      tab.context.setDefaultTimeout(PATIENCE);
      return tabs.another(tab, path);
    },
  };
}
