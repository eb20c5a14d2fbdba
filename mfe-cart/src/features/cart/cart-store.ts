import type { ProductVariant } from '@gi/contracts';
import {
  CART_COOKIE,
  CART_COOKIE_PATH,
  CART_STORAGE_KEY,
  CART_UPDATED_EVENT,
  type CartLine,
  type CartProduct,
  cartCookieValue,
  MAX_LINE_QUANTITY,
  priceNow,
} from '@gi/contracts/web';
import { createContext, useContext, useSyncExternalStore } from 'react';

/** A cart line as product.md §3 describes it: a product in one size and how many. */
export interface CartItem extends CartProduct {
  quantity: number;
}

export type { CartProduct };

/** What a line is refreshed from: the product as the API answers it now. */
export interface CurrentProduct {
  id: string;
  name: string;
  image: string;
  image_widths?: number[] | undefined;
  variants: ProductVariant[];
}

function isCartItem(value: unknown): value is CartItem {
  const v = value as CartItem;
  return (
    typeof v?.id === 'string' &&
    typeof v.variantId === 'string' &&
    (v.sizeMl === null || Number.isInteger(v.sizeMl)) &&
    (v.stock === null || Number.isInteger(v.stock)) &&
    typeof v.name === 'string' &&
    Number.isInteger(v.price) &&
    typeof v.image === 'string' &&
    (v.maxPerOrder === undefined || Number.isInteger(v.maxPerOrder)) &&
    (v.imageWidths === undefined ||
      (Array.isArray(v.imageWidths) && v.imageWidths.every((w) => Number.isInteger(w)))) &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 1
  );
}

/**
 * The stored lines. A line above the order's bound (another tab's old code, a hand-edited store)
 * is capped to it (issue 37): the shopper keeps the line, and the rest of the cart, with a
 * quantity an order can hold.
 */
function read(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isCartItem)
      .map((item) => (item.quantity > MAX_LINE_QUANTITY ? { ...item, quantity: MAX_LINE_QUANTITY } : item));
  } catch {
    return [];
  }
}

let items: CartItem[] | null = null;
const listeners = new Set<() => void>();

/** Mirrors the lines into the cookie the Worker renders /cart's first screen from. */
function mirror(list: CartItem[]): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on older iPhones; the value is cookie-safe by construction (cartCookieValue).
  document.cookie = `${CART_COOKIE}=${cartCookieValue(list)}; path=${CART_COOKIE_PATH}; max-age=31536000; samesite=lax${secure}`;
}

function current(): CartItem[] {
  if (items === null) {
    items = read();
    // Stored again as read: a capped line is what the navbar's badge counts too.
    store(items);
  }
  return items;
}

/** Into localStorage and the cookie. */
function store(list: CartItem[]): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Private mode or a full quota: the cart still works for this page.
  }
  mirror(list);
}

function commit(next: CartItem[]): void {
  items = next;
  store(next);
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
  window.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT, { detail: { count: cartCount(current()) } }));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the cart: reload it from storage.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY) {
      items = read();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Calls `listener` after every change of the lines, this tab's or another's (the server sync, cart-sync.ts). */
export const onCartChange = subscribe;

/** The lines as stored now. */
export const cartItems = (): CartItem[] => current();

/** Replaces every line: the account's cart as the server merged it (cart-sync.ts). */
export function replaceCart(next: CartItem[]): void {
  commit(next);
}

export function cartCount(list: CartItem[]): number {
  return list.reduce((sum, item) => sum + item.quantity, 0);
}

export function cartTotal(list: CartItem[]): number {
  return list.reduce((sum, item) => sum + item.price * item.quantity, 0);
}

/** The most units of a size one order may hold: its maximum per order, within the order's bound. */
export function perOrderLimit(item: Pick<CartItem, 'maxPerOrder'>): number {
  return Math.min(item.maxPerOrder ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
}

/** The most units of a line one may ask for: the size's maximum per order, or its stock below it. */
export function maxQuantity(item: Pick<CartItem, 'stock' | 'maxPerOrder'>): number {
  const limit = perOrderLimit(item);
  return item.stock === null ? limit : Math.min(item.stock, limit);
}

/** Whether the line asks for more than its size has left (checkout refuses it). */
export function isShort(item: CartItem): boolean {
  return item.quantity > maxQuantity(item);
}

/**
 * product.md §4: an existing line (same size) gains 1, a new one enters with quantity 1. False,
 * changing nothing, when the size has no more units than the cart already holds.
 */
export function addItem(product: CartProduct): boolean {
  const list = current();
  const existing = list.find((item) => item.variantId === product.variantId);
  const quantity = (existing?.quantity ?? 0) + 1;
  if (quantity > maxQuantity(product)) return false;
  commit(
    existing
      ? list.map((item) => (item.variantId === product.variantId ? { ...item, ...product, quantity } : item))
      : [...list, { ...product, quantity }],
  );
  return true;
}

/** product.md §4: a quantity of 0 or below removes the line (a line is one size: `variantId`). */
export function setQuantity(variantId: string, quantity: number): void {
  const list = current();
  commit(
    quantity <= 0
      ? list.filter((item) => item.variantId !== variantId)
      : list.map((item) =>
          item.variantId === variantId
            ? { ...item, quantity: Math.min(Math.floor(quantity), MAX_LINE_QUANTITY) }
            : item,
        ),
  );
}

export function removeItem(variantId: string): void {
  commit(current().filter((item) => item.variantId !== variantId));
}

export function clearCart(): void {
  commit([]);
}

/** A line as the API's product says it is now; null when the product or its size is gone. */
export function currentLine(line: CartLine, product: CurrentProduct | null | undefined): CartItem | null {
  const variant = product?.variants.find((v) => v.id === line.variantId);
  if (!product || !variant) return null;
  return {
    id: line.id,
    variantId: line.variantId,
    sizeMl: variant.size_ml,
    name: product.name,
    // The price now, a timed sale's included (decision 046): what checkout will charge.
    price: priceNow(variant),
    image: product.image,
    imageWidths: product.image_widths ?? [],
    stock: variant.stock,
    maxPerOrder: variant.max_per_order,
    // Clamped to the size's maximum per order (the line says why); stock is only told.
    quantity: Math.min(line.quantity, variant.max_per_order),
  };
}

/** Replaces lines with what the API says now: current prices, names and stock; removed products or sizes gone. */
export function reconcile(latest: Map<string, CurrentProduct>): void {
  const list = current();
  const next = refreshed(list, latest);
  const changed =
    next.length !== list.length || next.some((item, i) => JSON.stringify(item) !== JSON.stringify(list[i]));
  if (changed) commit(next);
}

/** `list` as the API's products say it is now (see currentLine). */
export function refreshed(list: CartItem[], latest: Map<string, CurrentProduct>): CartItem[] {
  return list.flatMap((item) => {
    const line = currentLine(item, latest.get(item.id));
    return line ? [line] : [];
  });
}

/**
 * The lines a server render shows: the cart cookie's, with the API's products (see ssr.tsx).
 * None in the browser, whose hydration starts from the stored lines the cookie mirrors.
 */
export const ServerCartContext = createContext<CartItem[] | null>(null);

export function useCart(): CartItem[] {
  const server = useContext(ServerCartContext);
  return useSyncExternalStore(subscribe, current, () => server ?? current());
}
