/**
 * Small icons; all decorative (aria-hidden): the control around them has the name. Each is an
 * empty span drawn by the stylesheet (theme/css/icons.css: its shape is a mask over the text
 * colour), so the shapes are neither in the pages nor in the scripts, and an icon the browser
 * shows later (the colour-mode toggle's other icon) needs no code.
 */
function Icon({ id }: { id: string }) {
  return <span className={`icon icon-${id}`} aria-hidden="true" />;
}

export const GitHubIcon = () => <Icon id="github" />;
export const DiscordIcon = () => <Icon id="discord" />;
export const RssIcon = () => <Icon id="rss" />;
export const SearchIcon = () => <Icon id="search" />;
export const MenuIcon = () => <Icon id="menu" />;
export const CloseIcon = () => <Icon id="close" />;
export const ExternalIcon = () => <Icon id="external" />;

/** Icon by name, for config-driven icon links. */
export function NamedIcon({ name }: { name: 'github' | 'discord' | 'rss' }) {
  return <Icon id={name} />;
}
