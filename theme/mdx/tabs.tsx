import { Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import type { TabItemProps, TabPanelWiring } from './tab-item.tsx';

/** One tab, from a `<TabItem>` or from `<Tabs values>`. */
export interface TabValue {
  value: string;
  label?: string;
  attributes?: Record<string, unknown>;
  default?: boolean;
}

/** Props of {@link Tabs}, as in Docusaurus 3. */
export interface TabsProps {
  children?: ReactNode;
  /** The tabs in order, with their labels; otherwise read from the `<TabItem>` children. */
  values?: readonly TabValue[];
  /** The tab selected on load; else the `<TabItem default>`, else the first. */
  defaultValue?: string | null;
  /** Tab groups with the same id switch together, on this page and on the next visits. */
  groupId?: string;
  /** The choice is written in the URL's query string under this name (`true`: the `groupId`). */
  queryString?: string | boolean;
  /**
   * Docusaurus renders only the selected panel. Here every panel is rendered (the others
   * hidden), since the switch happens without React: accepted, with no effect.
   */
  lazy?: boolean;
  /** Tabs fill the width, in equal parts. */
  block?: boolean;
  /** Classes of the tab list. */
  className?: string;
}

/**
 * `@theme/Tabs`: WAI-ARIA tabs, server-rendered with every panel in the HTML (the unselected
 * ones `hidden`). The markup carries what the tabs script (theme/client/tabs.ts) needs:
 * `data-tabs` on the container, the group id and query-string name, each tab's `data-value`.
 * Docusaurus's class names (`tabs-container`, `tabs`, `tabs__item`, `tabs__item--active`) are
 * kept, so a site's own CSS for them still applies. Mistakes throw Docusaurus's errors, worded
 * our way (a child that is not a `<TabItem>`, duplicate values, an unknown `defaultValue`).
 */
export default function Tabs(props: TabsProps): ReactNode {
  const { values: given, defaultValue, groupId, className, block = false } = props;
  const items = panelsOf(props.children);
  const values = given ?? items.map(({ props: p }) => ({ value: p.value, label: p.label, attributes: p.attributes, default: p.default }));
  const duplicates = [...new Set(values.map((v) => v.value).filter((v, i, all) => all.indexOf(v) !== i))];
  if (duplicates.length > 0) {
    throw new Error(`Expected unique tab values in <Tabs>; found ${duplicates.map((v) => `\`${v}\``).join(', ')} more than once`);
  }
  const selected = initialValue(values, defaultValue);
  const queryKey = queryStringKey(props.queryString, groupId);
  const id = useId();
  const index = new Map(values.map((v, i) => [v.value, i]));
  // A tab of `values` without its <TabItem> controls no panel (Docusaurus shows an empty one).
  const withPanel = new Set(items.map((item) => item.props.value));
  const tabId = (i: number) => `${id}tab-${i}`;
  return (
    <div className="tabs-container" data-tabs="" data-group-id={groupId || undefined} data-query-string={queryKey}>
      <div role="tablist" aria-orientation="horizontal" className={classes('tabs', block && 'tabs--block', className)}>
        {values.map(({ value, label, attributes }, i) => {
          const { className: extra, ...rest } = attributes ?? {};
          const active = value === selected;
          return (
            <button
              key={value} type="button" role="tab" id={tabId(i)} aria-selected={active} aria-controls={withPanel.has(value) ? `${id}panel-${i}` : undefined}
              tabIndex={active ? 0 : -1} data-value={value} {...rest}
              className={classes('tabs__item', typeof extra === 'string' && extra, active && 'tabs__item--active')}
            >
              {label ?? value}
            </button>
          );
        })}
      </div>
      {items.map((item, i) => {
        const at = index.get(item.props.value);
        const wiring: TabPanelWiring = {
          id: at === undefined ? `${id}extra-${i}` : `${id}panel-${at}`,
          tabId: at === undefined ? undefined : tabId(at),
          label: (at === undefined ? item.props.label : values[at].label) ?? item.props.value,
        };
        return cloneElement(item, { key: item.key ?? i, hidden: item.props.value !== selected, wiring });
      })}
    </div>
  );
}

/** The `<TabItem>` children; anything else with no `value` is a mistake (whitespace between them is not). */
function panelsOf(children: ReactNode): ReactElement<TabItemProps & { wiring?: TabPanelWiring }>[] {
  return Children.toArray(children)
    .filter((child) => !(typeof child === 'string' && child.trim() === ''))
    .map((child) => {
      if (isValidElement<TabItemProps>(child) && typeof child.props === 'object' && child.props !== null && 'value' in child.props) return child;
      throw new Error(`Expected every child of <Tabs> to be a <TabItem> with a \`value\` prop; got ${describe(child)}`);
    });
}

function describe(child: unknown): string {
  if (!isValidElement(child)) return `the text \`${String(child).trim().slice(0, 40)}\``;
  const type = child.type as string | { displayName?: string; name?: string };
  return `<${typeof type === 'string' ? type : type.displayName ?? type.name ?? 'Component'}>`;
}

/** Docusaurus's rule: `defaultValue` (which must exist), else the tab marked `default`, else the first. */
function initialValue(values: readonly TabValue[], defaultValue: string | null | undefined): string {
  if (values.length === 0) throw new Error('Expected at least one <TabItem> in <Tabs>');
  if (defaultValue) {
    if (!values.some((v) => v.value === defaultValue)) {
      throw new Error(`Cannot select \`${defaultValue}\` (the defaultValue of <Tabs>): no tab has that value; the values are ${values.map((v) => `\`${v.value}\``).join(', ')}`);
    }
    return defaultValue;
  }
  return (values.find((v) => v.default) ?? values[0]).value;
}

/** The query-string name: the string given, or the group id for `true` (which then needs one). */
function queryStringKey(queryString: string | boolean | undefined, groupId: string | undefined): string | undefined {
  if (typeof queryString === 'string') return queryString || undefined;
  if (!queryString) return undefined;
  if (!groupId) throw new Error('Expected a `groupId` on <Tabs queryString>: it names the query-string parameter (or give the name: queryString="lang")');
  return groupId;
}

function classes(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ');
}
