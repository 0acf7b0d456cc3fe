import type { SVGProps } from 'react';

/** `@theme/Icon/Success`: a check mark, drawn in the text colour; props go to the `<svg>`. */
export default function IconSuccess(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" {...props}>
      <path d="M4 12.5l5 5L20 6.5" />
    </svg>
  );
}
