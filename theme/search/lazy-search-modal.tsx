import { useLayoutEffect, useRef, useState, type ComponentProps, type ComponentType } from 'react';
import { EARLY_SEARCH_ID, type EarlySearchWindow } from '../../src/render/early-search.browser.ts';
import type { SearchModal } from './search-modal.tsx';
import { withBase } from '../runtime/base-url.tsx';
import { canPrefetch } from '../client/connection.ts';

type Props = ComponentProps<typeof SearchModal> & {
  /**
   * Opened for a press the inline head script took before hydration: the modal only takes over
   * the early box that press opened. The render comes a task after the press was handed over, and
   * an Escape in between has closed the box: the search is then closed, not opened afresh.
   */
  takeOver?: boolean;
};

let loaded: ComponentType<Props> | undefined;
let pending: Promise<ComponentType<Props>> | undefined;

function load(): Promise<ComponentType<Props>> {
  pending ??= import('./search-modal.tsx').then((m) => (loaded = m.SearchModal), (error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

/**
 * The search modal, whose code is fetched when it first opens (or ahead: once the reader points
 * at something, and on a pointer over or focus on the search button). Until it is here, the
 * early search box of the inline head script is open (src/render/early-search.browser.ts):
 * everything typed goes into it, and the modal takes it over (text, caret and all) when it
 * comes. A box the reader closed meanwhile closes the modal; if the code cannot be fetched, the
 * search page takes the query.
 */
export function LazySearchModal({ takeOver, ...props }: Props) {
  const [closedMeanwhile] = useState(() => !!takeOver && !document.getElementById(EARLY_SEARCH_ID));
  const [Modal, setModal] = useState<ComponentType<Props> | undefined>(() => (closedMeanwhile ? undefined : loaded));
  const hook = useRef<() => void>(undefined);
  useLayoutEffect(() => {
    if (closedMeanwhile) return props.onClose();
    if (Modal) return;
    const early = window as EarlySearchWindow;
    const box = early.__sitegenOpenSearch?.();
    // The reader may close the box (Esc, Cancel, the backdrop) before the code comes: search is
    // closed then, at once, so that the next Ctrl+K or `/` opens it again (it did nothing until
    // the code came, for search was still open here). This opening is over once its hook is not
    // the box's any more (closed, or taken over by the modal). The hook stays until the modal has
    // taken the box over (below): an Esc between the code's arrival and the modal's first render
    // closes the box, and search with it (seen in CI: the modal opened after the box had closed).
    const close = () => {
      early.__sitegenSearchClosed = undefined;
      props.onClose();
    };
    early.__sitegenSearchClosed = hook.current = close;
    load().then(
      (component) => {
        if (early.__sitegenSearchClosed !== close) return;
        if (box && !box.isConnected) close();
        else setModal(() => component);
      },
      () => {
        if (early.__sitegenSearchClosed !== close) return;
        const query = box?.querySelector('input')?.value ?? props.initialQuery;
        window.location.assign(`${withBase(`/${props.site.search.searchPagePath}`)}?q=${encodeURIComponent(query)}`);
      },
    );
    // Props are read once: what this opening of search does when the code comes (or does not).
  }, []);
  // The modal has taken the box over (its own layout effect, which runs first): the box's hook is done.
  useLayoutEffect(() => {
    const early = window as EarlySearchWindow;
    if (Modal && hook.current && early.__sitegenSearchClosed === hook.current) early.__sitegenSearchClosed = undefined;
  }, [Modal]);
  return Modal ? <Modal {...props} /> : null;
}

/** Fetches the modal's code ahead (not on 2g or with the data saver on); a failure is retried when search opens. */
LazySearchModal.preload = (): Promise<void> => (canPrefetch() ? load().then(() => {}, () => {}) : Promise.resolve());
