/**
 * The tabs of MDX pages (`@theme/Tabs`, theme/mdx/tabs.tsx) in the browser, without React: a
 * small script that only pages with tabs load. The server rendered every panel, the unselected
 * ones `hidden`; this switches them as Docusaurus does:
 *
 * - a click, or the arrow keys, Home and End on the focused tab (automatic activation, as the
 *   WAI-ARIA tabs pattern advises when panels are already there), with a roving `tabindex`;
 * - `groupId`: every group of that id on the page switches together, and the choice is kept in
 *   localStorage under Docusaurus's key (`docusaurus.tab.<groupId>`), so later visits, other
 *   pages and other browser tabs show it too;
 * - `queryString`: the choice is read from the URL on load (before the stored one, as in
 *   Docusaurus) and written to it with `history.replaceState`.
 *
 * Content that arrives later (a client navigation, a dev update in place) is watched for, so
 * its tabs show the reader's choice too. One listener of each kind serves every group.
 */
import { listenBeforeReact } from '../runtime/listen-before-react.ts';
import { storage } from '../runtime/storage.ts';

const STORAGE_PREFIX = 'docusaurus.tab.';
const GROUP = '.tabs-container[data-tabs]';

/** Starts the tabs of the document, present and future; a second call does nothing. */
export function startTabs(): void {
  const root = document.documentElement;
  if (root.hasAttribute('data-tabs-ready')) return;
  root.setAttribute('data-tabs-ready', '');
  document.querySelectorAll<HTMLElement>(GROUP).forEach(restore);
  // Ahead of React: tabs in a part of the page not hydrated yet switch too (listen-before-react.ts).
  listenBeforeReact('click', onClick);
  listenBeforeReact('keydown', onKeyDown);
  window.addEventListener('storage', onStorage);
  new MutationObserver(onMutations).observe(document.body, { childList: true, subtree: true });
}

/** A group's tabs, in order. */
function tabsOf(group: Element): HTMLElement[] {
  return [...group.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
}

/** The group a tab belongs to (its own, not an outer group around it). */
function groupOf(tab: Element): HTMLElement | null {
  const group = tab.parentElement?.parentElement;
  return group?.matches(GROUP) ? group : null;
}

/** The tab an event happened on, with its group; null for anything else. */
function tabOf(event: Event): { tab: HTMLElement; group: HTMLElement } | null {
  const tab = (event.target as Element | null)?.closest?.('[role="tab"]') as HTMLElement | null | undefined;
  const group = tab && groupOf(tab);
  return tab && group ? { tab, group } : null;
}

/**
 * Shows the tab of `value` in one group: its panel visible, the others hidden, the tab selected
 * and in the tab order. False (nothing changed) when the group has no such tab.
 */
function show(group: Element, value: string): boolean {
  const tabs = tabsOf(group);
  if (!tabs.some((tab) => tab.dataset.value === value)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.value === value;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    tab.classList.toggle('tabs__item--active', on);
  }
  for (const panel of group.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')) panel.hidden = panel.dataset.value !== value;
  return true;
}

/**
 * What the reader chose, as Docusaurus reads it: the query string's value if the group has a
 * name there, else the stored one of its group id, used only if the group has that tab.
 */
function restore(group: HTMLElement): void {
  const { queryString: key, groupId } = group.dataset;
  const value = (key ? new URLSearchParams(window.location.search).get(key) : null)
    ?? (groupId ? storage.get(STORAGE_PREFIX + groupId) : null);
  if (value !== null) show(group, value);
}

/** The reader picks a tab: its group, the groups of the same id, storage and the URL follow. */
function select(group: HTMLElement, value: string): void {
  // Groups above this one may change height: the tabs the reader used stay where they were. The
  // browser's own scroll anchoring would pick some other element to keep in place (or add its
  // correction to ours), so it is off until the next frame.
  const root = document.documentElement;
  const anchoring = root.style.overflowAnchor;
  root.style.overflowAnchor = 'none';
  const before = group.getBoundingClientRect().top;
  show(group, value);
  const { queryString: key, groupId } = group.dataset;
  if (groupId) {
    for (const other of document.querySelectorAll<HTMLElement>(GROUP)) {
      if (other !== group && other.dataset.groupId === groupId) show(other, value);
    }
    storage.set(STORAGE_PREFIX + groupId, value);
  }
  if (key) {
    const url = new URL(window.location.href);
    url.searchParams.set(key, value);
    // The history entry's state (client navigation's scroll positions) is kept.
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  const shift = group.getBoundingClientRect().top - before;
  if (shift !== 0) window.scrollBy(0, shift);
  requestAnimationFrame(() => {
    root.style.overflowAnchor = anchoring;
  });
}

function onClick(event: MouseEvent): void {
  const found = tabOf(event);
  if (found) select(found.group, found.tab.dataset.value ?? '');
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const found = tabOf(event);
  if (!found) return;
  const tabs = tabsOf(found.group);
  const at = tabs.indexOf(found.tab);
  // In a right-to-left page the first tab is on the right: the arrows follow what the eye sees.
  const forward = getComputedStyle(found.tab).direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
  const next = event.key === forward ? (at + 1) % tabs.length
    : event.key === backward ? (at - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
        : event.key === 'End' ? tabs.length - 1
          : undefined;
  if (next === undefined) return;
  event.preventDefault();
  tabs[next].focus();
  select(found.group, tabs[next].dataset.value ?? '');
}

/** Another browser tab chose: its groups of that id here follow (as Docusaurus's storage slots do). */
function onStorage(event: StorageEvent): void {
  if (!event.key?.startsWith(STORAGE_PREFIX) || event.newValue === null) return;
  const groupId = event.key.slice(STORAGE_PREFIX.length);
  for (const group of document.querySelectorAll<HTMLElement>(GROUP)) {
    if (group.dataset.groupId === groupId) show(group, event.newValue);
  }
}

/** New content (client navigation, a dev update): its groups show the reader's choices. */
function onMutations(records: MutationRecord[]): void {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (!(node instanceof Element)) continue;
      if (node.matches(GROUP)) restore(node as HTMLElement);
      else node.querySelectorAll<HTMLElement>(GROUP).forEach(restore);
    }
  }
}

startTabs();
