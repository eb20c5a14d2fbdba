/**
 * A product in one size as the cart takes it: what a buy button on mfe-shop's pages
 * hands to mfe-cart's './addToCart', and a cart line without its quantity (product.md §3).
 * Prices are integer rupiah.
 */
export interface CartProduct {
  id: string;
  variantId: string;
  sizeMl: number | null;
  name: string;
  price: number;
  image: string;
  /** The widths the photo is stored in (decision 017), for the cart's thumbnails; absent on lines saved before them. */
  imageWidths?: number[] | undefined;
  /** The size's stock as last read from the API; null: not counted. The button is a disabled 'Stok habis' at 0. */
  stock: number | null;
  /** The most units of the size one order may hold (decision 025); absent on lines saved before it. */
  maxPerOrder?: number | undefined;
}

/**
 * What a press of the buy button does, mfe-cart's './addToCart' (decision 020): one more
 * unit of the product's size in the cart under the cart's rules (stock, line bound), the
 * shopper told by a toast and the badge by `CART_UPDATED_EVENT`. mfe-shop draws the
 * button and loads this on the shopper's first intent to press it.
 */
export type AddToCart = (product: CartProduct) => void;

/** The module mfe-cart exposes with an `AddToCart` as its default export. */
export const ADD_TO_CART_MODULE = './addToCart';
