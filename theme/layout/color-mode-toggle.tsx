import { useEffect, useState } from 'react';
import type { SiteData } from '../../src/model.ts';
import { keys, storage } from '../runtime/storage.ts';
import { MoonIcon, SunIcon } from './icons.tsx';

type Mode = 'light' | 'dark';

/** Applies a mode to <html> (the CSS reads `data-theme`). */
function apply(mode: Mode): void {
  document.documentElement.setAttribute('data-theme', mode);
  document.documentElement.style.colorScheme = mode;
}

function systemMode(): Mode {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Light/dark switch. The choice is stored in localStorage and followed by every open tab
 * (storage event); without a stored choice and with `respectPrefersColorScheme`, the system
 * preference is followed live. The server renders the default mode's label; the real state is
 * read after hydration (the head script has already applied it, so nothing flashes).
 */
export function ColorModeToggle({ config }: { config: SiteData['colorMode'] }) {
  const [mode, setMode] = useState<Mode>(config.defaultMode);

  useEffect(() => {
    setMode((document.documentElement.getAttribute('data-theme') as Mode) ?? config.defaultMode);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== keys.theme) return;
      const next = event.newValue === 'dark' || event.newValue === 'light'
        ? event.newValue
        : config.respectPrefersColorScheme ? systemMode() : config.defaultMode;
      apply(next);
      setMode(next);
    };
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onSystem = () => {
      if (!config.respectPrefersColorScheme || storage.get(keys.theme)) return;
      const next = systemMode();
      apply(next);
      setMode(next);
    };
    window.addEventListener('storage', onStorage);
    media.addEventListener('change', onSystem);
    return () => {
      window.removeEventListener('storage', onStorage);
      media.removeEventListener('change', onSystem);
    };
  }, [config.defaultMode, config.respectPrefersColorScheme]);

  if (config.disableSwitch) return null;
  const next: Mode = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button color-mode-toggle"
      aria-label={`Switch to ${next} mode`}
      title={`Switch to ${next} mode (currently ${mode})`}
      onClick={() => {
        storage.set(keys.theme, next);
        apply(next);
        setMode(next);
      }}
    >
      <span className="icon-light"><SunIcon /></span>
      <span className="icon-dark"><MoonIcon /></span>
    </button>
  );
}
