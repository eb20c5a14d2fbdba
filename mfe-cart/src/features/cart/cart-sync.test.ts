import { CART_STORAGE_KEY } from '@gi/contracts/web';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cartProduct } from '../../test/products.ts';

const oud = cartProduct('p1', 'Oud Royale', 250_000);
const citrus = cartProduct('p2', 'Citrus Bloom', 229_000);

/** The server's merged cart: its own price for each line. */
const serverLine = (product: typeof oud, quantity: number, price: number) => ({
  ...product,
  imageWidths: [],
  maxPerOrder: 5,
  price,
  quantity,
});

async function fresh() {
  vi.resetModules();
  const store = await import('./cart-store.ts');
  const sync = await import('./cart-sync.ts');
  return { store, sync };
}

let fetchMock: ReturnType<typeof vi.fn>;
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => [
    `${(init as RequestInit).method} ${String(url)}`,
    JSON.parse(((init as RequestInit).body as string) ?? 'null'),
  ]);

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn(async () => Response.json({ lines: [] }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it("on sign-in sends only sizes and quantities, and shows the account's merged cart at the server's prices", async () => {
  const { store, sync } = await fresh();
  store.addItem(oud);
  store.addItem(oud);
  fetchMock.mockResolvedValueOnce(
    Response.json({ lines: [serverLine(oud, 3, 240_000), serverLine(citrus, 1, 229_000)] }),
  );
  await sync.mergeCart('u1');
  expect(calls()).toEqual([['POST /api/cart/merge', { lines: [{ variantId: 'p1-50', quantity: 2 }] }]]);
  expect(store.cartItems().map((item) => [item.variantId, item.quantity, item.price])).toEqual([
    ['p1-50', 3, 240_000],
    ['p2-50', 1, 229_000],
  ]);
  expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(2);
  expect(sync.mergedFor('u1')).toBe(true);
});

it("asks the server once when the cart page mounts while the sign-in's merge is on its way", async () => {
  const { store, sync } = await fresh();
  store.addItem(oud);
  await Promise.all([sync.mergeCart('u1'), sync.mergeCart('u1')]);
  expect(calls()).toEqual([['POST /api/cart/merge', { lines: [{ variantId: 'p1-50', quantity: 1 }] }]]);
  expect(sync.mergedFor('u1')).toBe(true);
});

it("then sends the account's changes once they settle, as one PUT", async () => {
  const { store, sync } = await fresh();
  await sync.mergeCart('u1');
  vi.useFakeTimers();
  store.addItem(oud);
  store.addItem(citrus);
  store.setQuantity('p1-50', 3);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(sync.PUSH_DELAY_MS);
  expect(calls().slice(1)).toEqual([
    [
      'PUT /api/cart',
      {
        lines: [
          { variantId: 'p1-50', quantity: 3 },
          { variantId: 'p2-50', quantity: 1 },
        ],
      },
    ],
  ]);
});

it("sends nothing for a guest's cart", async () => {
  const { store } = await fresh();
  vi.useFakeTimers();
  store.addItem(oud);
  await vi.advanceTimersByTimeAsync(5_000);
  expect(fetchMock).not.toHaveBeenCalled();
});

it('stops sending once the server says the customer signed out', async () => {
  const { store, sync } = await fresh();
  await sync.mergeCart('u1');
  vi.useFakeTimers();
  fetchMock.mockResolvedValueOnce(
    Response.json({ error: { code: 'unauthorized', message: 'Silakan login' } }, { status: 401 }),
  );
  store.addItem(oud);
  await vi.advanceTimersByTimeAsync(1_000);
  store.addItem(citrus);
  await vi.advanceTimersByTimeAsync(5_000);
  expect(calls().map(([what]) => what)).toEqual(['POST /api/cart/merge', 'PUT /api/cart']);
  expect(sync.mergedFor('u1')).toBe(false);
});

it("never merges another account's lines into this one", async () => {
  const { store, sync } = await fresh();
  await sync.mergeCart('u1');
  store.addItem(oud);
  await sync.mergeCart('u2');
  expect(calls().at(-1)).toEqual(['POST /api/cart/merge', { lines: [] }]);
  expect(store.cartItems()).toEqual([]);
});

it('merges a line added while the merge was on its way instead of losing it', async () => {
  const { store, sync } = await fresh();
  let answer: (value: Response) => void = () => undefined;
  fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
  const merging = sync.mergeCart('u1');
  store.addItem(oud);
  answer(Response.json({ lines: [] }));
  fetchMock.mockResolvedValueOnce(Response.json({ lines: [serverLine(oud, 1, 250_000)] }));
  await merging;
  expect(calls()).toEqual([
    ['POST /api/cart/merge', { lines: [] }],
    ['POST /api/cart/merge', { lines: [{ variantId: 'p1-50', quantity: 1 }] }],
  ]);
  expect(store.cartItems().map((item) => item.variantId)).toEqual(['p1-50']);
});
