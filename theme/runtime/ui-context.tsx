import { createContext, useContext } from 'react';

/** UI state shared across the layout and kept across client navigations. */
export interface UiState {
  /** Opens the search modal; `query` pre-fills it. */
  openSearch: (query?: string) => void;
  /** Sidebar categories the reader opened or closed, by label path. */
  openCategories: Record<string, boolean>;
  setCategoryOpen: (key: string, open: boolean) => void;
}

export const UiContext = createContext<UiState>({
  openSearch: () => {},
  openCategories: {},
  setCategoryOpen: () => {},
});

/** Shared UI state. */
export function useUi(): UiState {
  return useContext(UiContext);
}
