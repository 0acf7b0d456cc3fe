import type { SiteData } from '../../src/model.ts';
import { choices, type ColourChoice } from '../../src/render/colour-mode.browser.ts';

const labels: Record<ColourChoice, string> = { light: 'light', dark: 'dark', system: 'system' };

/**
 * The colour mode switch: one press steps to the next of light, dark and (with
 * `respectPrefersColorScheme`) the system's mode, shown by its icon (a sun, a moon, a screen).
 * The inline head script answers the press from the first paint, hydrated or not
 * (src/render/colour-mode.browser.ts), and marks the choice on `<html>`: the stylesheet shows
 * the choice's icon and name from it (layout.css), so neither is ever wrong, even for a moment.
 * The head script also follows a choice made in another tab and, while the choice is the
 * system's, a change of the system's mode. This is markup only.
 */
export function ColorModeToggle({ config }: { config: SiteData['colorMode'] }) {
  if (config.disableSwitch) return null;
  const order = choices(config);
  // One name per choice: the stylesheet shows the current one (display: none leaves the others
  // out of the button's accessible name).
  return (
    <button type="button" className="icon-button color-mode-toggle" title="Switch colour mode">
      {order.map((choice, i) => (
        <span key={choice} className="color-mode-choice" data-choice={choice}>
          <span className={`icon icon-${choice === 'light' ? 'sun' : choice === 'dark' ? 'moon' : 'system'}`} aria-hidden="true" />
          <span className="sr-only">{`Colour mode: ${labels[choice]} (switch to ${labels[order[(i + 1) % order.length]!]})`}</span>
        </span>
      ))}
    </button>
  );
}
