import { type CartProduct, remoteContainer } from '@gi/contracts/web';
import { getInstance, loadRemote } from '@module-federation/runtime';
import type { ComponentType } from 'react';

export interface CartButtonProps {
  /** A product in one size, as mfe-cart's './AddToCartButton' takes it. */
  product: CartProduct;
  /** A product card's small quick add. */
  compact?: boolean;
}

export type AddToCartButtonComponent = ComponentType<CartButtonProps>;

const cart = remoteContainer('cart');
const moduleId = `${cart}/AddToCartButton`;

/**
 * Loads the cart team's buy button at run time. The shell registered the remotes on
 * its own federation instance; the runtime bundled into this remote only knows
 * mfe_shop's container. So the call goes through the instance that has mfe_cart,
 * which also reuses the container the cart page came from, and with it the one cart
 * store both must share.
 */
export async function loadAddToCartButton(): Promise<AddToCartButtonComponent> {
  const host = getInstance((instance) => instance.options.remotes.some((remote) => remote.name === cart));
  type Exposed = { default: AddToCartButtonComponent };
  const loaded = host ? await host.loadRemote<Exposed>(moduleId) : await loadRemote<Exposed>(moduleId);
  if (!loaded?.default) throw new Error(`${moduleId} has no default export`);
  return loaded.default;
}
