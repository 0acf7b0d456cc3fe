import { useEffect, useState } from 'react';
import type { SiteData } from '../../src/model.ts';
import { keys, storage } from '../runtime/storage.ts';
import { MoonIcon, SunIcon } from './icons.tsx';

type Mode = 'light' | 'dark';
/** What the reader chose: a mode, or the system's (only offered with `respectPrefersColorScheme`). */
type Choice = Mode | 'system';

const labels: Record<Choice, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Applies a mode to <html> (the CSS reads `data-theme`). */
function apply(mode: Mode): void {
  document.documentElement.setAttribute('data-theme', mode);
  document.documentElement.style.colorScheme = mode;
}

function systemMode(): Mode {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The stored choice, else the system (when followed) or the default mode: as the head script decides. */
function storedChoice(value: string | null, config: SiteData['colorMode']): Choice {
  if (value === 'dark' || value === 'light') return value;
  return config.respectPrefersColorScheme ? 'system' : config.defaultMode;
}

function modeOf(choice: Choice): Mode {
  return choice === 'system' ? systemMode() : choice;
}

/**
 * The colour mode switch: light, dark, or (with `respectPrefersColorScheme`) the system's mode,
 * as a native `<select>` drawn as the current mode's icon. A choice is stored in localStorage and
 * followed by every open tab (storage event); "System" forgets it, and the system's mode is then
 * followed live. The head script has applied the mode before the first paint; the select shows
 * the stored choice once hydrated (its text is not seen, so nothing changes on screen).
 */
export function ColorModeToggle({ config }: { config: SiteData['colorMode'] }) {
  const [choice, setChoice] = useState<Choice>(storedChoice(null, config));

  useEffect(() => {
    setChoice(storedChoice(storage.get(keys.theme), config));
    const onStorage = (event: StorageEvent) => {
      if (event.key !== keys.theme && event.key !== null) return;
      const next = storedChoice(event.newValue, config);
      apply(modeOf(next));
      setChoice(next);
    };
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onSystem = () => {
      if (storedChoice(storage.get(keys.theme), config) === 'system') apply(systemMode());
    };
    window.addEventListener('storage', onStorage);
    media.addEventListener('change', onSystem);
    return () => {
      window.removeEventListener('storage', onStorage);
      media.removeEventListener('change', onSystem);
    };
  }, [config]);

  if (config.disableSwitch) return null;
  const choices: Choice[] = config.respectPrefersColorScheme ? ['light', 'dark', 'system'] : ['light', 'dark'];
  return (
    <span className="icon-button color-mode-toggle" title={`Colour mode: ${labels[choice]}`}>
      <span className="icon-light"><SunIcon /></span>
      <span className="icon-dark"><MoonIcon /></span>
      <select
        className="color-mode-select"
        aria-label="Colour mode"
        value={choice}
        onChange={(event) => {
          const next = event.target.value as Choice;
          if (next === 'system') storage.remove(keys.theme);
          else storage.set(keys.theme, next);
          apply(modeOf(next));
          setChoice(next);
        }}
      >
        {choices.map((c) => <option key={c} value={c}>{labels[c]}</option>)}
      </select>
    </span>
  );
}
