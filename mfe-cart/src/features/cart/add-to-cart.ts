import { type AddToCart, formatSize, maxPerOrderMessage } from '@gi/contracts/web';
import { toast } from '@gi/ui';
import { addItem, maxQuantity, perOrderLimit } from './cart-store.ts';
// A signed-in customer's adds reach the saved cart too (decision 050).
import './cart-sync.ts';

/**
 * What the buy button on mfe-shop's pages does (exposed as ADD_TO_CART_MODULE): mfe-shop
 * draws the button with its page and loads this on the shopper's first intent to press it.
 */
const addToCart: AddToCart = (product) => {
  const what = `${product.name} ${formatSize(product.sizeMl)}`;
  if (addItem(product)) {
    toast({ title: 'Produk ditambahkan', description: `${what} masuk ke keranjang.` });
  } else if (maxQuantity(product) === perOrderLimit(product) && product.maxPerOrder !== undefined) {
    toast({
      title: 'Batas per pesanan',
      description: `${maxPerOrderMessage(perOrderLimit(product))} untuk ${what}; jumlah itu sudah ada di keranjang Anda.`,
      variant: 'destructive',
    });
  } else {
    toast({
      title: 'Stok tidak mencukupi',
      description: `Semua stok ${what} (${product.stock}) sudah ada di keranjang Anda.`,
      variant: 'destructive',
    });
  }
};

export default addToCart;
