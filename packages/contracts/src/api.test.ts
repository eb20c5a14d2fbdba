import { afterEach, beforeEach, expect, expectTypeOf, it, vi } from 'vitest';
import { api, apiPath, type EndpointAnswer } from './api.ts';
import { ORDER_ID, orderDetail } from './fixtures.ts';
import type { OrderCreateInput, OrderDetail } from './schemas/orders.ts';
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

it('sends a JSON body with the key’s method and the headers its definition declares', async () => {
  fetchMock.mockResolvedValue(Response.json(orderDetail(), { status: 201 }));
  const body: OrderCreateInput = {
    items: [{ productId: 'p1', variantId: 'v1', quantity: 2 }],
    customer: {
      customerName: 'Siti Aminah',
      customerPhone: '081234567890',
      customerEmail: 'siti@mail.id',
      provinceCode: '31',
      regencyCode: '31.71',
      districtCode: '31.71.01',
      postalCode: '10110',
      customerAddress: 'Jl. Merdeka No. 1, RT 01/RW 02',
    },
    shippingServiceId: 'jne-reg',
    paymentChannel: 'other_qris',
  };

  const answer = await api('POST /orders', { headers: { 'idempotency-key': 'kunci-pesanan-1' }, body });

  expectTypeOf(answer).toEqualTypeOf<OrderDetail>();
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe('/api/orders');
  expect(init?.method).toBe('POST');
  expect(JSON.parse(String(init?.body))).toEqual(body);
  const headers = new Headers(init?.headers);
  expect(headers.get('idempotency-key')).toBe('kunci-pesanan-1');
  expect(headers.get('content-type')).toBe('application/json');
  // @ts-expect-error: placing an order needs its Idempotency-Key
  const unkeyed = () => api('POST /orders', { body });
  expect(unkeyed).toBeTypeOf('function');
});

it('sends FormData as it is, for the browser to write the multipart body and its boundary', async () => {
  fetchMock.mockResolvedValue(Response.json(orderDetail(), { status: 201 }));
  const body = new FormData();
  body.set('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'bukti.jpg');

  const answer = await api('POST /orders/{id}/receipt', { params: { id: ORDER_ID }, body });

  expectTypeOf(answer).toEqualTypeOf<OrderDetail>();
  expect(answer.id).toBe(ORDER_ID);
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe(`/api/orders/${ORDER_ID}/receipt`);
  expect(init?.method).toBe('POST');
  expect(init?.body).toBe(body);
  expect(new Headers(init?.headers).get('content-type')).toBeNull();
});
