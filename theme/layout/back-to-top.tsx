import { useEffect, useState } from 'react';

/** Scrolled distance, in viewport heights, after which the button appears. */
const SHOW_AFTER_SCREENS = 1.5;

/**
 * "Back to top", for long pages: appears once the reader has scrolled down a screen and a half,
 * scrolls smoothly to the top (at once under reduced motion) and moves focus to the skip link,
 * so the keyboard starts from the top too. Not shown without JavaScript (it needs scrolling
 * script), so no dead control is ever on screen.
 */
export function BackToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setShown(window.scrollY > window.innerHeight * SHOW_AFTER_SCREENS);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label="Back to top"
      title="Back to top"
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.querySelector<HTMLElement>('.skip-link')?.focus({ preventScroll: true });
      }}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 5l-7 7 1.4 1.4L11 8.8V20h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
    </button>
  );
}

/**
 * `navbar.hideOnScroll`: the navbar hides while the reader scrolls down and comes back when they
 * scroll up. Code for some sites only, and only once the reader scrolls: it comes with the parts
 * for reading (theme/layout/later-parts.tsx), not in what every page hydrates first, and it sets
 * the navbar's class itself (the navbar never re-renders for a scroll). Draws nothing.
 */
export function NavbarHider() {
  useEffect(() => {
    const navbar = document.querySelector('.navbar');
    if (!navbar) return;
    // The first scroll may have come before this code: measured from the top.
    let last = 0;
    const onScroll = () => {
      const y = window.scrollY;
      navbar.classList.toggle('navbar-hidden', y > last && y > 64);
      last = y;
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      navbar.classList.remove('navbar-hidden');
    };
  }, []);
  return null;
}
