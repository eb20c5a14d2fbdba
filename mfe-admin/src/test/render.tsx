import type { SessionUser } from '@gi/contracts';
import type { mockApi } from '@gi/ui/testing';

export { mockApi, renderPage } from '@gi/ui/testing';

/** The calls made to `METHOD /path`, each as its URL and parsed JSON body. */
export function callsTo(fetch: ReturnType<typeof mockApi>, key: string) {
  const [method, path] = key.split(' ');
  return fetch.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).split('?')[0] === path)
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    }));
}

/** The shop's owner (decision 052): every section, as the one admin of before. */
export const admin: SessionUser = {
  id: 'a1',
  email: 'admin@globalimperium.id',
  name: 'Sari Admin',
  role: 'owner',
  pendingEmail: null,
  phone: null,
};
export const customer: SessionUser = {
  id: 'u1',
  email: 'ani@contoh.id',
  name: 'Ani',
  role: 'customer',
  pendingEmail: null,
  phone: null,
};

export const session = (user: SessionUser | null) => () => Response.json({ user });
export const guest = session(null);
export const signedInAdmin = session(admin);

/** An API failure in the API's one error shape. */
export const apiError =
  (
    status: number,
    message = 'Terjadi kesalahan pada server. Silakan coba lagi.',
    code = 'error',
    fields?: Record<string, string>,
  ) =>
  () =>
    Response.json({ error: fields ? { code, message, fields } : { code, message } }, { status });

/** One page of a list answer. */
export const page =
  <T,>(items: T[], total = items.length, pageNumber = 1, pageSize = 10) =>
  () =>
    Response.json({ items, total, page: pageNumber, pageSize });
