/**
 * A product in one size as the cart takes it: what mfe-cart's './AddToCartButton' is given
 * by the storefront, and a cart line without its quantity (product.md §3). Prices are
 * integer rupiah.
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
}
