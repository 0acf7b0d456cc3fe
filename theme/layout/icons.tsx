/**
 * Small SVG icons; all decorative (aria-hidden): the control around them has the name. Each is
 * a `<use>` of a symbol of the sprite every page holds once, after the app's root
 * (`IconSprite`, rendered by the server entry only): the paths are not in the page's scripts,
 * and an icon the browser draws later (the colour-mode toggle's other icon) needs no code.
 */
function Icon({ id, size = 20 }: { id: string; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#icon-${id}`} />
    </svg>
  );
}

export const GitHubIcon = () => <Icon id="github" />;
export const DiscordIcon = () => <Icon id="discord" />;
export const RssIcon = () => <Icon id="rss" />;
export const SunIcon = () => <Icon id="sun" />;
export const MoonIcon = () => <Icon id="moon" />;
export const SearchIcon = () => <Icon id="search" />;
export const MenuIcon = () => <Icon id="menu" />;
export const CloseIcon = () => <Icon id="close" />;
export const ExternalIcon = () => <Icon id="external" size={12} />;

/** Icon by name, for config-driven icon links. */
export function NamedIcon({ name }: { name: 'github' | 'discord' | 'rss' }) {
  return <Icon id={name} />;
}

/** The symbols the icons draw; the server writes them once per page, outside the hydrated root. */
export function IconSprite() {
  return (
    <svg className="icon-sprite" aria-hidden="true" focusable="false">
      <symbol id="icon-github" viewBox="0 0 24 24" fill="currentColor">
        <path d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.88-1.37-3.88-1.37-.52-1.33-1.28-1.69-1.28-1.69-1.04-.71.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.76 2.7 1.25 3.36.96.1-.75.4-1.25.73-1.54-2.55-.29-5.24-1.28-5.24-5.68 0-1.26.45-2.28 1.19-3.09-.12-.29-.52-1.46.11-3.04 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.58.23 2.75.11 3.04.74.81 1.19 1.83 1.19 3.09 0 4.41-2.7 5.38-5.26 5.67.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5Z" />
      </symbol>
      <symbol id="icon-discord" viewBox="0 0 24 24" fill="currentColor">
        <path d="M20.3 4.4A19.6 19.6 0 0 0 15.4 3l-.6 1.3a18 18 0 0 0-5.6 0L8.6 3a19.5 19.5 0 0 0-4.9 1.4C.6 9 -.2 13.5.2 17.9a19.8 19.8 0 0 0 6 3l1.3-2.1a12.7 12.7 0 0 1-2-1l.5-.4a14 14 0 0 0 12 0l.5.4-2 1 1.3 2.1a19.7 19.7 0 0 0 6-3c.5-5.1-.8-9.6-3.5-13.5ZM8.3 15.2c-1.2 0-2.1-1.1-2.1-2.4s.9-2.4 2.1-2.4 2.2 1.1 2.1 2.4c0 1.3-.9 2.4-2.1 2.4Zm7.4 0c-1.2 0-2.1-1.1-2.1-2.4s.9-2.4 2.1-2.4 2.2 1.1 2.1 2.4c0 1.3-.9 2.4-2.1 2.4Z" />
      </symbol>
      <symbol id="icon-rss" viewBox="0 0 24 24" fill="currentColor">
        <path d="M4 4a16 16 0 0 1 16 16h-3A13 13 0 0 0 4 7V4Zm0 6a10 10 0 0 1 10 10h-3a7 7 0 0 0-7-7v-3Zm2 6.5a1.75 1.75 0 1 1 0 3.5 1.75 1.75 0 0 1 0-3.5Z" />
      </symbol>
      <symbol id="icon-sun" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="4.5" />
        <path d="M12 1.5v2.5M12 20v2.5M4.6 4.6l1.8 1.8M17.6 17.6l1.8 1.8M1.5 12H4M20 12h2.5M4.6 19.4l1.8-1.8M17.6 6.4l1.8-1.8" />
      </symbol>
      <symbol id="icon-moon" viewBox="0 0 24 24" fill="currentColor">
        <path d="M20.5 14.4A8.5 8.5 0 0 1 9.6 3.5a8.5 8.5 0 1 0 10.9 10.9Z" />
      </symbol>
      <symbol id="icon-search" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
        <circle cx="10.5" cy="10.5" r="6.5" />
        <path d="m15.5 15.5 5 5" />
      </symbol>
      <symbol id="icon-menu" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
        <path d="M3.5 6h17M3.5 12h17M3.5 18h17" />
      </symbol>
      <symbol id="icon-close" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
        <path d="m5 5 14 14M19 5 5 19" />
      </symbol>
      <symbol id="icon-external" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
        <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
      </symbol>
    </svg>
  );
}
