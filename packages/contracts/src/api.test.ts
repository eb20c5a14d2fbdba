import { afterEach, beforeEach, expect, expectTypeOf, it, vi } from 'vitest';
import { api, apiPath, type EndpointAnswer } from './api.ts';
import type { Area } from './schemas/shipping.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it("fills the path's parameters, encoded, under /api", () => {
  expect(apiPath('GET /areas/provinces')).toBe('/api/areas/provinces');
  expect(apiPath('GET /areas/provinces/{code}/regencies', { params: { code: '31/ 7' } })).toBe(
    '/api/areas/provinces/31%2F%207/regencies',
  );
});

it('calls with the key’s method and answers the parsed JSON, typed from the definition', async () => {
  fetchMock.mockResolvedValue(Response.json({ items: [{ code: '31', name: 'DKI JAKARTA' }] }));

  const answer = await api('GET /areas/regencies/{code}/districts', { params: { code: '31.71' } });

  expectTypeOf(answer).toEqualTypeOf<EndpointAnswer<'GET /areas/regencies/{code}/districts'>>();
  expectTypeOf(answer.items).toEqualTypeOf<Area[]>();
  expect(answer.items[0]?.name).toBe('DKI JAKARTA');
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe('/api/areas/regencies/31.71/districts');
  expect(init?.method).toBe('GET');
  expect(init?.body).toBeUndefined();
});

it('refuses, at the typecheck, a path no endpoint declares or an input it lacks', () => {
  // @ts-expect-error: no endpoint answers this path
  expect(() => apiPath('GET /areas/planets')).not.toThrow();
  // @ts-expect-error: the regencies need their province's code
  expect(apiPath('GET /areas/provinces/{code}/regencies')).toBe('/api/areas/provinces/undefined/regencies');
});
