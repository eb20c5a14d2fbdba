import { remoteContainers } from '@gi/contracts/web';
import { getInstance, loadRemote } from '@module-federation/runtime';
import type { ComponentType } from 'react';

/** What mfe-cart's './AddToCartButton' takes (its `CartProduct`): a product in one size. */
export interface CartButtonProduct {
  id: string;
  variantId: string;
  sizeMl: number | null;
  name: string;
  price: number;
  image: string;
  /** The widths the photo is stored in, for the cart's thumbnails. */
  imageWidths?: number[] | undefined;
  /** Null: not counted. The button is a disabled 'Stok habis' at 0. */
  stock: number | null;
}

export interface CartButtonProps {
  product: CartButtonProduct;
  /** A product card's small quick add. */
  compact?: boolean;
}

export type AddToCartButtonComponent = ComponentType<CartButtonProps>;

const cart = remoteContainers.cart;
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
