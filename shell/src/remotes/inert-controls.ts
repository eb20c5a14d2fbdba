import { INERT_ATTRIBUTE, URL_STATE_ATTRIBUTE } from '@gi/contracts/web';
import { PAGE_HYDRATED_EVENT } from '../boot/boot.ts';

/**
 * A GET form's controls (URL_STATE_ATTRIBUTE) come live in the server's HTML, for visitors
 * without JavaScript. Once the scripts run, a choice made before the page hydrates would
 * not reach the page's state: they wait, inert, like the page's other controls. A button
 * stays enabled: its press is held and carried out after hydration (holdPresses in boot.ts).
 */
export function holdUrlStateControls(root: ParentNode): void {
  for (const control of root.querySelectorAll(`[${URL_STATE_ATTRIBUTE}]:not([disabled])`)) {
    if (!(control instanceof HTMLButtonElement)) control.setAttribute('disabled', '');
    control.setAttribute(INERT_ATTRIBUTE, '');
  }
}

/**
 * The controls waiting for the page's code (INERT_ATTRIBUTE: by the Worker, or
 * holdUrlStateControls), enabled once it is here: React hydrates the page next and renders
 * them enabled, so nothing differs from its render, and a tap from then on reaches the page.
 */
export function enableInertControls(): void {
  for (const control of document.querySelectorAll(`[${INERT_ATTRIBUTE}]`)) {
    control.removeAttribute(INERT_ATTRIBUTE);
    control.removeAttribute('disabled');
  }
}

/** The route's page has hydrated (or rendered): the presses held meanwhile are carried out now. */
export function pageHydrated(): void {
  document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
}
