// A reader's press, as the inline head script's parts see it (head-script.browser.ts starts the
// scripts after one, deferred-blocks.browser.ts holds its slices during one): what starts it and
// what ends it. Bundled into the head script.

/** The events that start a press. */
export const PRESS = ['pointerdown', 'touchstart'];

/**
 * The events that end a press: its click (which opens a menu, after `pointerup` and `touchend`,
 * and for a tap after the browser has recognised the gesture: the frame after `touchend` may come
 * first), or the end of a press that makes none (a scroll, a right click).
 */
export const RELEASE = ['click', 'pointercancel', 'touchcancel', 'contextmenu'];

/** The longest a press is waited for, in ms: a long press or a text selection does not hold anything longer. */
export const LONGEST_PRESS_MS = 1000;
