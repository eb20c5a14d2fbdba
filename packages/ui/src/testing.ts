// Test helpers shared by the remotes' component tests (imported from tests only).
import { INITIAL_DATA_ELEMENT_ID, type RenderRequest } from '@gi/contracts/web';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { shellProviders } from './test-shell.tsx';
import { TOAST_EVENT, type ToastMessage } from './toast.ts';

export { shellProviders, type TestRoute, type TestRouter } from './test-shell.tsx';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Routes fetch calls by "METHOD /path" to handlers; anything else fails the test loudly. */
export function mockApi(routes: Record<string, Handler>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.split('?')[0]}`;
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected API call ${key}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Collects the toasts raised while a test runs; call the returned stop() when done. */
export function captureToasts(): { toasts: ToastMessage[]; stop: () => void } {
  const toasts: ToastMessage[] = [];
  const onToast = (e: Event) => toasts.push((e as CustomEvent<ToastMessage>).detail);
  window.addEventListener(TOAST_EVENT, onToast);
  return { toasts, stop: () => window.removeEventListener(TOAST_EVENT, onToast) };
}

/**
 * Renders a page with the providers the shell gives (`shellProviders`), opened at `url`: the
 * page's route is `path` (a route pattern, or a URL whose query is dropped), and each of
 * `others` (path → heading) shows its heading. The toasts raised land in `toasts` until
 * `stopToasts()`.
 */
export function renderPage(
  path: string,
  page: ReactElement,
  others: Record<string, string> = {},
  url: string = path,
) {
  const { client, router, tree } = shellProviders(
    url,
    { path: path.split('?')[0] as string, element: page },
    others,
  );
  const { toasts, stop: stopToasts } = captureToasts();
  return { ...render(tree()), router, toasts, client, stopToasts };
}

/** A POST of `request` to a remote's server renderer (`ssr.tsx`), as the Worker sends it. */
export function renderOnServer(
  renderer: { fetch(request: Request): Promise<Response> },
  request: RenderRequest,
): Promise<Response> {
  return renderer.fetch(
    new Request('https://render.invalid/', { method: 'POST', body: JSON.stringify(request) }),
  );
}

/** Puts the Worker's inlined answers into the document, where the browser's queries read them. */
export function inlineAnswers(data: RenderRequest['data']): void {
  document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = INITIAL_DATA_ELEMENT_ID;
  block.textContent = JSON.stringify(data);
  document.head.append(block);
}

// React's generated ids (useId) differ between a server render and a browser one.
const generatedId = /_[rR]_[0-9a-z]+_/g;

/**
 * Markup as a browser shows it, to compare a server render with a browser one:
 * elements with their attributes (in any order), and text. Comments the server adds
 * between text parts, and the preload links React hoists (the Worker adds its own),
 * show nothing.
 */
export function shownMarkup(html: string): string {
  const root = document.createElement('div');
  root.innerHTML = html;
  for (const link of root.querySelectorAll('link')) link.remove();
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element)) return '';
    const attributes = [...node.attributes]
      // A select's choice: `selected` in server markup, a property (not in innerHTML) in the browser.
      .filter(({ name }) => !(node.localName === 'option' && name === 'selected'))
      .map(({ name, value }) => {
        // Inline styles as the browser reads them (spacing differs between the two renders).
        const shownValue = name === 'style' ? (node as HTMLElement).style.cssText : value;
        return `${name.toLowerCase()}="${shownValue.replace(generatedId, 'id')}"`;
      })
      .sort()
      .join(' ');
    return `<${node.localName} ${attributes}>${[...node.childNodes].map(walk).join('')}</${node.localName}>`;
  };
  root.normalize();
  return [...root.childNodes].map(walk).join('');
}
