import { CART_COOKIE, CART_COOKIE_PATH, cartCookieValue, MAX_LINE_QUANTITY } from '@gi/contracts/web';
import { createContext, useContext, useSyncExternalStore } from 'react';

/** A cart line as product.md §3 describes it; prices are integer rupiah. */
export interface CartItem {
  id: string;
  name: string;
  price: number;
  image: string;
  quantity: number;
}

export type CartProduct = Omit<CartItem, 'quantity'>;

const STORAGE_KEY = 'gi:cart:v1';
/** Namespaced event other parts of the page may listen to; detail = { count }. */
export const CART_UPDATED_EVENT = 'cart:updated';

function isCartItem(value: unknown): value is CartItem {
  const v = value as CartItem;
  return (
    typeof v?.id === 'string' &&
    typeof v.name === 'string' &&
    Number.isInteger(v.price) &&
    typeof v.image === 'string' &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 1 &&
    v.quantity <= MAX_LINE_QUANTITY
  );
}

function read(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isCartItem) : [];
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
    mirror(items);
  }
  return items;
}

function commit(next: CartItem[]): void {
  items = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the cart still works for this page.
  }
  mirror(next);
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
    if (event.key === STORAGE_KEY) {
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

export function cartCount(list: CartItem[]): number {
  return list.reduce((sum, item) => sum + item.quantity, 0);
}

export function cartTotal(list: CartItem[]): number {
  return list.reduce((sum, item) => sum + item.price * item.quantity, 0);
}

/** Spec §4: an existing product gains 1, a new one enters with quantity 1. */
export function addItem(product: CartProduct): void {
  const list = current();
  const existing = list.find((item) => item.id === product.id);
  commit(
    existing
      ? list.map((item) =>
          item.id === product.id
            ? { ...item, ...product, quantity: Math.min(item.quantity + 1, MAX_LINE_QUANTITY) }
            : item,
        )
      : [...list, { ...product, quantity: 1 }],
  );
}

/** Spec §4: a quantity of 0 or below removes the line. */
export function setQuantity(id: string, quantity: number): void {
  const list = current();
  commit(
    quantity <= 0
      ? list.filter((item) => item.id !== id)
      : list.map((item) =>
          item.id === id ? { ...item, quantity: Math.min(Math.floor(quantity), MAX_LINE_QUANTITY) } : item,
        ),
  );
}

export function removeItem(id: string): void {
  commit(current().filter((item) => item.id !== id));
}

export function clearCart(): void {
  commit([]);
}

/** Replaces lines with what the API says now: current prices, names, removed products gone. */
export function reconcile(latest: Map<string, CartProduct>): void {
  const list = current();
  const next = list.flatMap((item) => {
    const product = latest.get(item.id);
    return product ? [{ ...item, ...product }] : [];
  });
  const changed =
    next.length !== list.length || next.some((item, i) => JSON.stringify(item) !== JSON.stringify(list[i]));
  if (changed) commit(next);
}

/** The lines a server render shows: the cart cookie's, with the API's products (see ssr.tsx). */
export const ServerCartContext = createContext<CartItem[]>([]);

export function useCart(): CartItem[] {
  const server = useContext(ServerCartContext);
  return useSyncExternalStore(subscribe, current, () => server);
}
