// Browser side of the API contract (kept out of the package root so the Worker,
// typed against workers-types, never compiles DOM fetch code).
import { apiPath } from './api-path.ts';
import { type ApiErrorBody, TOKEN_EXPIRED } from './errors.ts';
import { INITIAL_DATA_ELEMENT_ID, parseDataBlock } from './page-delivery.ts';

/**
 * The code of an ApiError whose answer was not the API's error shape (a proxy's
 * page, a crash): its message is only `HTTP <status>`, nothing to show a shopper.
 */
export const UNREADABLE_ERROR = 'unreadable_error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The API's error shape (`ApiErrorBody`), checked by hand: this file is on every
 * page, and zod would add ~20 KiB to a shopper's first visit.
 */
function errorOf(body: unknown): ApiErrorBody['error'] | null {
  const error = (body as Partial<ApiErrorBody> | null)?.error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') return null;
  const fields = error.fields && typeof error.fields === 'object' ? error.fields : undefined;
  return fields
    ? { code: error.code, message: error.message, fields }
    : { code: error.code, message: error.message };
}

let rendering: Map<string, unknown> | undefined;
let inlined: { block: Element | null; answers: Map<string, unknown> } | undefined;
/** An answer nobody asked for in the page's first minute is stale, not initial. */
const INITIAL_DATA_MAX_AGE_MS = 60_000;

/**
 * Server rendering (a remote's `ssr/render.js`): the answers the Worker inlined,
 * readable through `initialAnswer` for the duration of one synchronous render.
 */
export function withInitialAnswers<T>(answers: Record<string, unknown>, render: () => T): T {
  rendering = new Map(Object.entries(answers));
  try {
    return render();
  } finally {
    rendering = undefined;
  }
}

/**
 * The one way a page reads what the Worker inlined for a GET (its route's `reads`):
 * as its query's `initialData`, so the first render (in the browser and on the
 * server alike) already has its data and shows the markup the server sent instead
 * of a loading state. In the browser each answer is used once: the query keeps it,
 * and later reads of the same path go to the network.
 */
export function initialAnswer<T>(path: string): T | undefined {
  if (rendering) return rendering.get(path) as T | undefined;
  if (performance.now() > INITIAL_DATA_MAX_AGE_MS) return undefined;
  const page = globalThis.document;
  const block = page?.getElementById(INITIAL_DATA_ELEMENT_ID) ?? null;
  // Read once per block: a page (or a test) that puts in a new block starts afresh.
  if (inlined?.block !== block) {
    const answers = parseDataBlock<object>(block);
    inlined = { block, answers: new Map(Object.entries(answers ?? {})) };
  }
  const { answers } = inlined;
  const answer = answers.get(path) as T | undefined;
  answers.delete(path);
  return answer;
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time, however many calls found their access token expired. */
function refreshSession(): Promise<boolean> {
  // Through fetch, not apiRequest: a refresh that fails must not ask for a refresh.
  refreshing ??= fetch(apiPath('POST /auth/refresh'), { method: 'POST', credentials: 'same-origin' })
    .then((res) => res.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Calls the shop's API on the page's own origin and returns the parsed JSON.
 * An expired access token is renewed once from the refresh cookie and the call
 * retried (the API answers `token_expired` only when that cookie came along).
 * Non-2xx answers become an `ApiError` carrying the server's message.
 */
export async function apiRequest<T>(path: string, init: RequestInit = {}, retried = false): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData))
    headers.set('content-type', 'application/json');
  headers.set('accept', 'application/json');
  const response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return body as T;

  const error = errorOf(body);
  if (!error) throw new ApiError(response.status, UNREADABLE_ERROR, `HTTP ${response.status}`);
  const { code, message, fields } = error;
  if (code === TOKEN_EXPIRED && !retried && (await refreshSession())) return apiRequest<T>(path, init, true);
  throw new ApiError(response.status, code, message, fields);
}

/** A read of one record whose 404 means "there is none": null instead of an error. */
export async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
