import { INERT_ATTRIBUTE, URL_STATE_ATTRIBUTE } from '@gi/contracts/web';

/**
 * A GET form's controls (URL_STATE_ATTRIBUTE) come live in the server's HTML, for visitors
 * without JavaScript. Once the scripts run, a choice made before the page hydrates would
 * not reach the page's state: they wait, inert, like the page's other controls.
 */
export function holdUrlStateControls(root: ParentNode): void {
  for (const control of root.querySelectorAll(`[${URL_STATE_ATTRIBUTE}]:not([disabled])`)) {
    control.setAttribute('disabled', '');
    control.setAttribute(INERT_ATTRIBUTE, '');
  }
}

/**
 * The controls disabled until the page's code is here (INERT_ATTRIBUTE: by the Worker, or
 * holdUrlStateControls), enabled once it is: React hydrates the page next and renders them
 * enabled, so nothing differs from its render, and a tap from then on reaches the page.
 */
export function enableInertControls(): void {
  for (const control of document.querySelectorAll(`[${INERT_ATTRIBUTE}]`)) {
    control.removeAttribute(INERT_ATTRIBUTE);
    control.removeAttribute('disabled');
  }
}
