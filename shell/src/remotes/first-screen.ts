import { FIRST_SCREEN_ELEMENT_ID, URL_STATE_ATTRIBUTE } from '@gi/contracts/web';

let captured: { url: string; html: string } | null = null;
// As React writes the attribute: always with a value.
const URL_STATE = ` ${URL_STATE_ATTRIBUTE}=`;

/**
 * Keeps the first screen the Worker rendered into index.html (see SSR_MODULE) before
 * React's first render replaces #root: the page's loading state shows it until the
 * remote's page, rendering the same markup, takes over.
 */
export function captureFirstScreen(): void {
  const html = document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.innerHTML.trim();
  // The Worker left a GET form's controls live for visitors without JavaScript; here the
  // scripts run, so they wait for the live page like every other control.
  if (html) captured = { url: currentUrl(), html: html.replaceAll(URL_STATE, ` disabled${URL_STATE}`) };
}

/** The server's HTML while the visit's first page loads; null once the visitor has moved on. */
export function firstScreen(): string | null {
  return captured?.url === currentUrl() ? captured.html : null;
}

/** Once that page is on screen, the HTML is stale: a return to its URL loads normally. */
export function forgetFirstScreen(): void {
  captured = null;
}

function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}
