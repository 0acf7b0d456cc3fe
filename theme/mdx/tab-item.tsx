import type { ReactNode } from 'react';

/** Props of {@link TabItem}, as in Docusaurus 3. */
export interface TabItemProps {
  /** Identifies the tab in its `<Tabs>`: unique there, remembered per `groupId`, written in the query string. */
  value: string;
  /** The tab's text; `value` when absent. */
  label?: string;
  /** Selected when the page loads (unless `<Tabs defaultValue>` says otherwise). */
  default?: boolean;
  /** More attributes of the tab button (`className` is added to its classes). */
  attributes?: Record<string, unknown>;
  className?: string;
  hidden?: boolean;
  children?: ReactNode;
}

/** What `<Tabs>` gives each of its panels (see tabs.tsx); absent on a `<TabItem>` outside `<Tabs>`. */
export interface TabPanelWiring {
  id: string;
  /** The id of the tab that names the panel. */
  tabId: string | undefined;
  /** Shown above the panel's content when the page runs no script and every panel is shown. */
  label: string;
}

/**
 * `@theme/TabItem`: one panel of a `<Tabs>`. Every panel is in the HTML (the others `hidden`),
 * so the tabs script (theme/client/tabs.ts) switches between them without React, and a page
 * read without script shows them all, each under its label (theme/css/tabs.css).
 */
export default function TabItem(props: TabItemProps & { wiring?: TabPanelWiring }): ReactNode {
  const { value, className, hidden, wiring, children } = props;
  return (
    <div
      role="tabpanel"
      className={`tab-panel${className ? ` ${className}` : ''}`}
      id={wiring?.id}
      aria-labelledby={wiring?.tabId}
      // Focusable, so a keyboard reader reaches a panel without links or code from its tab.
      tabIndex={0}
      hidden={hidden}
      data-value={value}
    >
      {wiring && <p className="tab-panel-label">{wiring.label}</p>}
      {children}
    </div>
  );
}
