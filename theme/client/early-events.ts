import type { EarlyEvent } from '../../src/render/head-script.browser.ts';

/** What the head script leaves on the window (src/render/head-script.browser.ts). */
interface HeldWindow { __sitegenHeld?: EarlyEvent[]; __sitegenHold?: (event: Event) => void }

/**
 * Makes again the presses and choices the head script held while the page was not hydrated (a
 * button pressed, a select changed as the page's script was still on its way), and stops holding
 * them. Called once React has hydrated the page, so that its handlers answer: a button is
 * clicked again, a select gets its chosen value back (hydration may have reset it) and a
 * `change` event. Controls gone meanwhile are skipped.
 */
export function replayEarlyEvents(): void {
  const early = window as unknown as HeldWindow;
  const hold = early.__sitegenHold;
  if (!hold) return;
  window.removeEventListener('click', hold, true);
  window.removeEventListener('change', hold, true);
  const held = early.__sitegenHeld ?? [];
  early.__sitegenHold = undefined;
  early.__sitegenHeld = undefined;
  for (const { type, target, value } of held) {
    if (!target.isConnected) continue;
    if (type === 'click') (target as HTMLElement).click();
    else {
      (target as HTMLSelectElement).value = value ?? '';
      target.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}
