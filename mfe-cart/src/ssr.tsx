// This remote's server renderer (`ssr/render.js`, see SSR_MODULE in @gi/contracts).
import type { Product } from '@gi/contracts';
import { apiPath } from '@gi/contracts/api-path';
import type { RenderRequest } from '@gi/contracts/web';
import { createRenderer } from '@gi/ui/ssr';
import { type CartItem, currentLine, ServerCartContext } from './features/cart/cart-store.ts';
import CartPage from './pages/cart-page.tsx';

/** The cart cookie's lines with the products the Worker inlined; lines of gone products or sizes drop out. */
function serverCart({ cart, data }: RenderRequest): CartItem[] | null {
  if (cart === null) return null;
  return cart.flatMap((line) => {
    // Under the URL the cart's own query requests (use-current-prices.ts).
    const answer = data[apiPath('GET /products/{id}', { params: { id: line.id } })];
    const item = currentLine(line, answer as Product | undefined);
    return item ? [item] : [];
  });
}

export default createRenderer({
  remote: 'cart',
  // The other pages are forms: they gain little from a first screen whose controls wait for the app.
  pages: { './CartPage': CartPage },
  wrap: (page, request) => {
    const lines = serverCart(request);
    // A cart the cookie cannot tell: the browser renders it from its own storage.
    return lines && <ServerCartContext.Provider value={lines}>{page}</ServerCartContext.Provider>;
  },
});
