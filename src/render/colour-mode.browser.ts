// The colour mode switch's logic, run by the inline head script (head-script.browser.ts): it
// answers the switch from the first paint and follows a choice made in another tab and the
// system's mode, hydrated or not. The theme's switch (theme/layout/color-mode-toggle.tsx) is
// markup only, and takes its order of choices from here.

/** What the reader chose: a mode, or the system's (only offered with `respectPrefersColorScheme`). */
export type ColourChoice = 'light' | 'dark' | 'system';

/** The site's colour mode settings the switch needs. */
export interface ColourSettings { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean }

/** The stored choice, else the system's (when the site follows it), else the default mode. */
export function storedChoice(settings: ColourSettings, stored?: string | null): ColourChoice {
  if (stored === undefined) {
    try {
      // The storage key, as theme/runtime/storage.ts names it.
      stored = localStorage.getItem('theme');
    } catch {
      // Storage blocked (privacy settings, sandboxed frame): the default applies.
    }
  }
  if (stored === 'dark' || stored === 'light') return stored;
  return settings.respectPrefersColorScheme ? 'system' : settings.defaultMode;
}

/**
 * Shows `choice` on `<html>`: `data-theme` is the mode the stylesheet paints, `data-theme-choice`
 * the choice the switch shows (its icon and its name are picked by the stylesheet, so neither is
 * ever wrong, before hydration or after).
 */
export function applyChoice(choice: ColourChoice): void {
  const root = document.documentElement;
  const mode = choice === 'system' ? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : choice;
  root.setAttribute('data-theme', mode);
  root.setAttribute('data-theme-choice', choice);
  root.style.colorScheme = mode;
}

/**
 * The choices the switch steps through, in order (after the last, the first again). Following the
 * system, the first press from it gives the mode the system's is not, so that it always changes
 * the page: on a light system, system → dark → light → system (light first would change nothing
 * but the icon, and a reader wanting dark pressed twice).
 */
export function choices(settings: ColourSettings, systemDark: boolean): ColourChoice[] {
  if (!settings.respectPrefersColorScheme) return ['light', 'dark'];
  return systemDark ? ['system', 'light', 'dark'] : ['system', 'dark', 'light'];
}

/** The choice a press steps to from `current`. */
export function nextChoice(settings: ColourSettings, current: ColourChoice, systemDark: boolean): ColourChoice {
  const order = choices(settings, systemDark);
  return order[(order.indexOf(current) + 1) % order.length]!;
}

/**
 * Answers every press of the switch (`.color-mode-toggle`) from the moment the page is parsed:
 * one press steps to the next choice, stores it ("system" forgets the stored one) and shows it.
 * The theme's switch has no press handler of its own, so a press before hydration and one after
 * are the same press.
 */
export function switchOnPress(settings: ColourSettings): void {
  addEventListener('click', (event) => {
    const target = event.target as Element | null;
    if (!target || !target.closest || !target.closest('.color-mode-toggle')) return;
    const current = document.documentElement.getAttribute('data-theme-choice') as ColourChoice;
    const next = nextChoice(settings, current, matchMedia('(prefers-color-scheme: dark)').matches);
    try {
      if (next === 'system') localStorage.removeItem('theme');
      else localStorage.setItem('theme', next);
    } catch {
      // Storage unavailable: the choice lasts for this page view only.
    }
    applyChoice(next);
  });
}

/**
 * Follows a choice made in another tab (a `storage` event for the key, or storage cleared) and,
 * while the choice is the system's, a change of the system's mode.
 */
export function followChoice(settings: ColourSettings): void {
  addEventListener('storage', (event) => {
    if (event.key === 'theme' || event.key === null) applyChoice(storedChoice(settings, event.newValue));
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (storedChoice(settings) === 'system') applyChoice('system');
  });
}
