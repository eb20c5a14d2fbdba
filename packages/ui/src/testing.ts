// Test helpers shared by the remotes' component tests (imported from tests only).
import { vi } from 'vitest';
import { TOAST_EVENT, type ToastMessage } from './toast.ts';

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
