import { api } from '@gi/contracts/api';
import { ApiError } from '@gi/contracts/client';
import { type CartItem, cartItems, onCartChange, replaceCart } from './cart-store.ts';

// A signed-in customer's cart is kept on the server too (decision 050): on sign-in this device's
// lines and the account's are merged there (the larger quantity per size), and every later change
// is sent, debounced. Only size ids and quantities leave the browser: the server prices them.

/** The account whose server cart this device's lines mirror; absent for a guest's cart. */
const OWNER_KEY = 'gi:cart:owner';
/** Quick changes (a quantity typed, several adds) are sent as one. */
export const PUSH_DELAY_MS = 1000;

function owner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

function setOwner(userId: string | null): void {
  try {
    if (userId) localStorage.setItem(OWNER_KEY, userId);
    else localStorage.removeItem(OWNER_KEY);
  } catch {
    // Private mode: the cart stays this device's own.
  }
}

const linesOf = (items: CartItem[]) => items.map(({ variantId, quantity }) => ({ variantId, quantity }));

let timer: ReturnType<typeof setTimeout> | undefined;
/** True while the server's lines are written into the store: they need no push back. */
let applying = false;

async function push(): Promise<void> {
  if (!owner()) return;
  try {
    await api('PUT /cart', { body: { lines: linesOf(cartItems()) } });
  } catch (error) {
    // Signed out meanwhile: the lines are this device's guest cart from now on.
    if (error instanceof ApiError && error.status === 401) setOwner(null);
  }
}

// In the browser only: the server renderer (no window) imports this module with the pages.
if (typeof window !== 'undefined') {
  onCartChange(() => {
    if (applying || !owner()) return;
    clearTimeout(timer);
    timer = setTimeout(() => void push(), PUSH_DELAY_MS);
  });
}

/** The merge on its way: the cart page mounting right after sign-in (next=/cart) joins it. */
let merging: { userId: string; done: Promise<void> } | undefined;

/**
 * After signing in (or on finding a signed-in customer whose cart this device has not merged
 * yet): sends this device's lines, takes the merged cart. Lines mirrored for another account
 * (signed out on this device since) are not merged into this one: they make way for its cart.
 * A second call while the account's merge is on its way waits for that one.
 */
export function mergeCart(userId: string): Promise<void> {
  if (merging?.userId === userId) return merging.done;
  const done = mergeNow(userId).finally(() => {
    if (merging?.done === done) merging = undefined;
  });
  merging = { userId, done };
  return done;
}

async function mergeNow(userId: string): Promise<void> {
  const previous = owner();
  // The store's lines are a new array after every change: the same one means nothing changed.
  let seen = cartItems();
  let cart = await api('POST /cart/merge', {
    body: { lines: linesOf(previous && previous !== userId ? [] : seen) },
  });
  // A line added while the merge was on its way (a quick buy button) is merged too, not lost.
  for (let again = 0; again < 2 && cartItems() !== seen; again += 1) {
    seen = cartItems();
    cart = await api('POST /cart/merge', { body: { lines: linesOf(seen) } });
  }
  setOwner(userId);
  applying = true;
  try {
    replaceCart(cart.lines);
  } finally {
    applying = false;
  }
}

/** Whether this device's lines are already the account's (nothing to merge). */
export const mergedFor = (userId: string) => owner() === userId;
