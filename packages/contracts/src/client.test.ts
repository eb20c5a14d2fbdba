import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_SIGNED_IN } from './errors.ts';

const fetchMock = vi.fn<typeof fetch>();

/** A fresh client module over a page whose data block holds `initial`. */
async function clientWith(initial: Record<string, unknown>) {
  vi.resetModules();
  const block = { textContent: JSON.stringify(initial) };
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'gi-data' ? block : null) });
  return import('./client.ts');
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it('gives each inlined answer once, to the first query that asks for its path', async () => {
  const { initialAnswer } = await clientWith({ '/api/settings': { heroTitle: 'Inline' } });

  expect(initialAnswer('/api/settings')).toEqual({ heroTitle: 'Inline' });
  // The query keeps it; a later read of the path is a fresh one from the network.
  expect(initialAnswer('/api/settings')).toBeUndefined();
  expect(initialAnswer('/api/settings?page=2')).toBeUndefined();
});

it('never answers a request from the inlined data: queries read it as their initialData', async () => {
  const { apiRequest } = await clientWith({ '/api/settings': { heroTitle: 'Inline' } });
  fetchMock.mockImplementation(async () => Response.json({ heroTitle: 'Jaringan' }));

  expect(await apiRequest('/api/settings')).toEqual({ heroTitle: 'Jaringan' });
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('leaves answers nobody asked for in the first minute to the network, as stale', async () => {
  const { initialAnswer } = await clientWith({ '/api/settings': { heroTitle: 'Inline' } });
  vi.spyOn(performance, 'now').mockReturnValue(60_001);
  expect(initialAnswer('/api/settings')).toBeUndefined();
});

it('answers a server render from the answers it was given, for as long as it runs', async () => {
  const { initialAnswer, withInitialAnswers } = await clientWith({});
  const seen = withInitialAnswers({ '/api/faq': { items: [] } }, () => [
    initialAnswer('/api/faq'),
    initialAnswer('/api/faq'),
  ]);
  expect(seen).toEqual([{ items: [] }, { items: [] }]);
  expect(initialAnswer('/api/faq')).toBeUndefined();
});

it("turns the API's error shape into an ApiError and anything else into a generic one", async () => {
  const { ApiError, apiRequest } = await clientWith({});
  fetchMock.mockResolvedValueOnce(
    Response.json(
      {
        error: {
          code: 'validation_error',
          message: 'Data tidak valid',
          fields: { name: 'Nama harus diisi' },
        },
      },
      { status: 400 },
    ),
  );
  const error = await apiRequest('/api/contact').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 400, code: 'validation_error', message: 'Data tidak valid' });
  expect((error as InstanceType<typeof ApiError>).fields).toEqual({ name: 'Nama harus diisi' });

  fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
  await expect(apiRequest('/api/contact')).rejects.toMatchObject({ status: 502, code: 'unreadable_error' });
});

describe('an expired access token, with the answers the Worker gives (worker/src/auth/sessions.test.ts)', () => {
  const expired = () =>
    Response.json({ error: { code: 'token_expired', message: NOT_SIGNED_IN } }, { status: 401 });
  const renewed = () =>
    Response.json({ user: { id: 'u1', email: 'a@b.id', name: 'Ani', role: 'customer', pendingEmail: null } });
  const paths = () => fetchMock.mock.calls.map(([path, init]) => `${init?.method ?? 'GET'} ${path}`);

  it('renews the session once and retries the call', async () => {
    const { apiRequest } = await clientWith({});
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(renewed())
      .mockResolvedValueOnce(Response.json([{ id: 'pesanan-1' }]));
    expect(await apiRequest('/api/orders/mine')).toEqual([{ id: 'pesanan-1' }]);
    expect(paths()).toEqual(['GET /api/orders/mine', 'POST /api/auth/refresh', 'GET /api/orders/mine']);
  });

  it('renews once for calls that expired together', async () => {
    const { apiRequest } = await clientWith({});
    let refreshes = 0;
    fetchMock.mockImplementation(async (path, init) => {
      if (path === '/api/auth/refresh') {
        refreshes += 1;
        return renewed();
      }
      // Each call fails once, then works with the renewed cookie.
      return paths().filter((p) => p === `${init?.method ?? 'GET'} ${path}`).length === 1
        ? expired()
        : Response.json({ ok: path });
    });
    const answers = await Promise.all([apiRequest('/api/orders/mine'), apiRequest('/api/admin/stats')]);
    expect(answers).toEqual([{ ok: '/api/orders/mine' }, { ok: '/api/admin/stats' }]);
    expect(refreshes).toBe(1);
  });

  it('gives up when the refresh is refused (signed out elsewhere), without a second round', async () => {
    const { apiRequest } = await clientWith({});
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(
        Response.json(
          { error: { code: 'unauthorized', message: 'Sesi berakhir, silakan login kembali' } },
          { status: 401 },
        ),
      );
    await expect(apiRequest('/api/orders/mine')).rejects.toMatchObject({
      status: 401,
      code: 'token_expired',
    });
    expect(paths()).toEqual(['GET /api/orders/mine', 'POST /api/auth/refresh']);
  });

  it('does not try to renew a call the API refused as signed out (no refresh cookie)', async () => {
    const { apiRequest } = await clientWith({});
    fetchMock.mockResolvedValueOnce(
      Response.json({ error: { code: 'unauthorized', message: NOT_SIGNED_IN } }, { status: 401 }),
    );
    await expect(apiRequest('/api/orders/mine')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(paths()).toEqual(['GET /api/orders/mine']);
  });
});
