/**
 * The cart lives in the browser (localStorage, product.md §3). The cart store mirrors its
 * lines into this cookie, sent only with /cart, so the Worker can render the cart
 * page's first screen with the API's current products.
 */
export const CART_COOKIE = 'gi_cart';
export const CART_COOKIE_PATH = '/cart';

/** Limits of one order (orderCreateSchema): a cart beyond them cannot be checked out as is. */
export const MAX_ORDER_LINES = 30;
export const MAX_LINE_QUANTITY = 99;

/** A line: the product (`id`), its size and the quantity. */
export interface CartLine {
  id: string;
  variantId: string;
  quantity: number;
}

const UNKNOWN = '*';
const LINE = /^([A-Za-z0-9-]{1,64})~([A-Za-z0-9-]{1,64}):([0-9]{1,2})$/;

const lineText = (line: CartLine) => `${line.id}~${line.variantId}:${line.quantity}`;

/** `product~size:quantity` lines joined by `.`: cookie-safe without encoding. */
export function cartCookieValue(lines: readonly CartLine[]): string {
  if (lines.length > MAX_ORDER_LINES || lines.some((line) => !LINE.test(lineText(line)))) return UNKNOWN;
  return lines.map(lineText).join('.');
}

/**
 * The cart lines a request's Cookie header carries: [] when there is no cart cookie
 * (a visitor who never had a cart), null when it cannot be trusted to be the cart.
 */
export function parseCartCookie(header: string | null | undefined): CartLine[] | null {
  const pair = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CART_COOKIE}=`));
  if (pair === undefined) return [];
  const value = pair.slice(CART_COOKIE.length + 1);
  if (value === '') return [];
  const lines: CartLine[] = [];
  for (const part of value.split('.')) {
    const [, id, variantId, digits] = LINE.exec(part) ?? [];
    const quantity = Number(digits);
    if (!id || !variantId || quantity < 1 || quantity > MAX_LINE_QUANTITY) return null;
    if (lines.some((line) => line.variantId === variantId)) return null;
    lines.push({ id, variantId, quantity });
  }
  return lines.length > MAX_ORDER_LINES ? null : lines;
}

/**
 * Where the cart's lines live in the browser (mfe-cart's store) and the event it sends when
 * they change. The shell's navbar badge reads the quantities from there without the cart's
 * code; localStorage is never sent to the server, so no page's HTML depends on it (the cart
 * page's reads the lines of the cookie above).
 */
// v2: lines name a size; a v1 cart (products without sizes) is left behind.
export const CART_STORAGE_KEY = 'gi:cart:v2';
export const CART_UPDATED_EVENT = 'cart:updated';

/** The stored lines' total quantity: 0 when absent or unreadable; lines without a valid quantity count nothing. */
export function storedCartCount(storage: Pick<Storage, 'getItem'>): number {
  try {
    const lines: unknown = JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(lines)) return 0;
    let count = 0;
    for (const line of lines) {
      const quantity = (line as { quantity?: unknown } | null)?.quantity;
      if (
        Number.isInteger(quantity) &&
        (quantity as number) >= 1 &&
        (quantity as number) <= MAX_LINE_QUANTITY
      )
        count += quantity as number;
    }
    return count;
  } catch {
    // Storage refused (private mode, blocked cookies) or not JSON: no badge.
    return 0;
  }
}
