import widgetScript from '../../../scripts/turnstile-widget.js?raw';

/** Turnstile's documented test site keys (decision 036): always passes, forces an interaction. */
export const PASSING_KEY = '1x00000000000000000000AA';
export const INTERACTIVE_KEY = '3x00000000000000000000FF';
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
export const SCRIPT_URL = 'http://127.0.0.1:11787/turnstile/v0/api.js?render=explicit';

/**
 * The page as the Worker writes it while the check is on (its settings' data block) and, unless
 * `loaded` is false, the local stand-in's widget script already run, as the browser would run it
 * from SCRIPT_URL. Returns the undo.
 */
export function securityCheckOn(siteKey = PASSING_KEY, { loaded = true } = {}): () => void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'gi-challenge';
  block.textContent = JSON.stringify({ siteKey, scriptUrl: SCRIPT_URL });
  document.head.append(block);
  // Runs the stand-in's own widget script, as the page's <script> would.
  if (loaded) new Function(widgetScript)();
  return () => {
    block.remove();
    for (const script of document.querySelectorAll(`script[src="${SCRIPT_URL}"]`)) script.remove();
    delete window.turnstile;
  };
}
