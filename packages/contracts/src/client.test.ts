import { afterEach, beforeEach, expect, it, vi } from 'vitest';

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

it('answers a GET from the data the Worker inlined, once, then asks the network', async () => {
  const { apiRequest } = await clientWith({ '/api/settings': { heroTitle: 'Inline' } });
  fetchMock.mockResolvedValue(Response.json({ heroTitle: 'Jaringan' }));

  expect(await apiRequest('/api/settings')).toEqual({ heroTitle: 'Inline' });
  expect(fetchMock).not.toHaveBeenCalled();
  expect(await apiRequest('/api/settings')).toEqual({ heroTitle: 'Jaringan' });
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('never answers other methods or other paths from the inlined data', async () => {
  const { apiRequest } = await clientWith({ '/api/orders': { items: [] } });
  fetchMock.mockImplementation(async () => Response.json({ id: 'baru' }));

  expect(await apiRequest('/api/orders', { method: 'POST', body: '{}' })).toEqual({ id: 'baru' });
  expect(await apiRequest('/api/orders?page=2')).toEqual({ id: 'baru' });
  expect(fetchMock).toHaveBeenCalledTimes(2);
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
  await expect(apiRequest('/api/contact')).rejects.toMatchObject({ status: 502, code: 'http_error' });
});
