import type { SiteData } from '../../src/model.ts';
import { choices, nextChoice } from '../../src/render/colour-mode.browser.ts';

/**
 * The colour mode switch: one press steps to the next of light, dark and (with
 * `respectPrefersColorScheme`) the system's mode, shown by its icon (a sun, a moon, a screen);
 * from the system's, first to the mode it is not (choices()).
 * The inline head script answers the press from the first paint, hydrated or not
 * (src/render/colour-mode.browser.ts), and marks the choice on `<html>`: the stylesheet shows
 * the choice's icon and name from it (layout.css), so neither is ever wrong, even for a moment.
 * The head script also follows a choice made in another tab and, while the choice is the
 * system's, a change of the system's mode. This is markup only.
 */
export function ColorModeToggle({ config }: { config: SiteData['colorMode'] }) {
  if (config.disableSwitch) return null;
  // The next choice depends on the system's mode when the switch follows it (choices()): a name
  // for each, the stylesheet showing the one for the system's mode (layout.css).
  const systems = config.respectPrefersColorScheme ? (['light', 'dark'] as const) : ([undefined] as const);
  // One name per choice: the stylesheet shows the current one (display: none leaves the others
  // out of the button's accessible name).
  return (
    <button type="button" className="icon-button color-mode-toggle" title="Switch colour mode">
      {choices(config, false).map((choice) => (
        <span key={choice} className="color-mode-choice" data-choice={choice}>
          <span className={`icon icon-${choice === 'light' ? 'sun' : choice === 'dark' ? 'moon' : 'system'}`} aria-hidden="true" />
          {systems.map((system) => (
            <span key={system ?? 'any'} className="sr-only" data-system={system}>
              {`Colour mode: ${choice} (switch to ${nextChoice(config, choice, system === 'dark')})`}
            </span>
          ))}
        </span>
      ))}
    </button>
  );
}
