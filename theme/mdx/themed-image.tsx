import type { ImgHTMLAttributes, ReactNode } from 'react';

/** Props of {@link ThemedImage}, as in Docusaurus 3: an image per colour mode, and any `<img>` attribute. */
export interface ThemedImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  sources: { light: string; dark: string };
}

/**
 * `@theme/ThemedImage`: both images, each shown only in its colour mode by the stylesheet
 * (theme/css/mdx.css), so the right one shows from the first paint, without script and whatever
 * the reader switches to. The classes are Docusaurus's, which site stylesheets may target.
 */
export default function ThemedImage({ sources, className, alt, loading = 'lazy', ...rest }: ThemedImageProps): ReactNode {
  // Lazy by default: the browser then fetches only the image of the mode shown (the other is
  // `display: none`), and React does not preload both.
  return (
    <>
      {(['light', 'dark'] as const).map((mode) => (
        <img key={mode} src={sources[mode]} alt={alt} loading={loading} className={`themedComponent themedComponent--${mode}${className ? ` ${className}` : ''}`} {...rest} />
      ))}
    </>
  );
}
