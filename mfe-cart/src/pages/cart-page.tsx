import type { OrderDetail } from '@gi/contracts';
import { formatRupiah } from '@gi/contracts/web';
import { Link, useLocation, useNavigate, useSearchParams } from '@gi/platform';
import { useSession } from '@gi/session';
import { buttonClass } from '@gi/ui';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { CartLines } from '../features/cart/cart-lines.tsx';
import { cartCount, cartTotal, clearCart, isShort, useCart } from '../features/cart/cart-store.ts';
import { useCartSync } from '../features/cart/use-cart-sync.ts';
import { useCurrentPrices } from '../features/cart/use-current-prices.ts';
import { LatestOrders } from '../features/orders/latest-orders.tsx';
import { withNext } from '../shared/next-path.ts';
import styles from './cart-page.module.css';

/** `/cart?checkout`: checkout is an entry of the browser's history, so Back leaves it for the cart. */
const CHECKOUT_PARAM = 'checkout';
const CHECKOUT_PATH = `/cart?${CHECKOUT_PARAM}`;

const noSubscription = () => () => {};
/** False on the server and while React hydrates the server's HTML, true from then on. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

// The form and zod, its validator, load for a signed-in shopper with lines, not with every cart view.
const loadCheckout = () => import('../features/checkout/checkout-form.tsx');
const CheckoutForm = lazy(() => loadCheckout().then((module) => ({ default: module.CheckoutForm })));

/** /cart (product.md §2): the cart, checkout and the customer's latest orders. */
export default function CartPage() {
  useCartSync();
  const items = useCurrentPrices(useCart());
  // The page comes without the session (decision 021): until the browser knows it, neither the
  // checkout nor the login prompt shows, so a signed-in shopper is never told to log in.
  const { user, isLoading: sessionLoading } = useSession();
  // The session may arrive before this page hydrates (the layout asked for it): the server drew
  // neither block, so hydration must not either (React error #418), and the block follows after.
  const hydrated = useHydrated();
  const isLoading = sessionLoading || !hydrated;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { state } = useLocation();

  const count = cartCount(items);
  const total = cartTotal(items);
  // A line its size can no longer fill says so and holds checkout back (the server refuses it too).
  const short = items.some(isShort);
  const canCheckOut = !isLoading && user !== null && items.length > 0;
  // A line its size cannot fill sends a checkout address (a reload, Forward) back to the lines.
  const checkingOut = canCheckOut && !short && search.has(CHECKOUT_PARAM);
  // 'Lanjut ke Checkout' is drawn before the session is known (a link, live from the first paint):
  // a guest who followed it goes on to log in, and from there to the checkout.
  const guestAtCheckout = !isLoading && user === null && items.length > 0 && search.has(CHECKOUT_PARAM);

  useEffect(() => {
    if (canCheckOut) void loadCheckout();
  }, [canCheckOut]);

  useEffect(() => {
    if (guestAtCheckout) navigate(withNext('/login', CHECKOUT_PATH), { replace: true });
  }, [guestAtCheckout, navigate]);

  // Back to the lines: the history entry the cart came from when there is one, else the cart anew.
  function leaveCheckout() {
    if ((state as { fromCart?: boolean } | null)?.fromCart) navigate(-1);
    else navigate('/cart', { replace: true });
  }

  // Placed: on to the order's page, where its QR, virtual account or transfer is shown. The
  // checkout entry is replaced, so Back does not return to a form for an emptied cart.
  function onOrdered(order: OrderDetail) {
    clearCart();
    navigate(`/orders/${order.id}`, { replace: true });
  }

  return (
    <section className={styles.cart} aria-labelledby="cart-title">
      <h1 id="cart-title" className={styles.title}>
        Keranjang Belanja
      </h1>

      {items.length === 0 ? (
        <div className={styles.empty}>
          <h2>Keranjang Anda Kosong</h2>
          <p>Belum ada produk di keranjang Anda.</p>
          <Link to="/products" className={buttonClass.primary}>
            Lihat Produk
          </Link>
        </div>
      ) : (
        <div className={checkingOut ? styles.checkout : styles.layout}>
          <div>
            {checkingOut ? (
              <Suspense fallback={<p className={styles.muted}>Memuat formulir checkout...</p>}>
                <CheckoutForm items={items} onBack={leaveCheckout} onOrdered={onOrdered} />
              </Suspense>
            ) : (
              <CartLines items={items} />
            )}
          </div>
          {/* At checkout the form's own summary, with shipping, is the one total on screen. */}
          {!checkingOut && (
            <aside className={styles.summary} aria-labelledby="summary-title">
              <h2 id="summary-title">Ringkasan Pesanan</h2>
              <dl>
                <div>
                  <dt>Subtotal ({count} item)</dt>
                  <dd>{formatRupiah(total)}</dd>
                </div>
                <div className={styles.grand}>
                  <dt>Total</dt>
                  <dd>{formatRupiah(total)}</dd>
                </div>
              </dl>
              {/* Until the session is known (the server's HTML, hydration) the way on is the
                  checkout link: a signed-in shopper is never told to log in, and it works before the
                  page's code has arrived. */}
              {isLoading || user ? (
                short ? (
                  <>
                    <p className={styles.muted}>
                      Stok beberapa produk tidak mencukupi. Ubah jumlah atau hapus produk tersebut untuk
                      melanjutkan.
                    </p>
                    <button type="button" className={buttonClass.primary} disabled>
                      Lanjut ke Checkout
                    </button>
                  </>
                ) : (
                  <Link to={CHECKOUT_PATH} state={{ fromCart: true }} className={buttonClass.primary}>
                    Lanjut ke Checkout
                  </Link>
                )
              ) : (
                <>
                  <p className={styles.muted}>Anda harus login untuk melakukan checkout</p>
                  <Link to={withNext('/login', CHECKOUT_PATH)} className={buttonClass.primary}>
                    Login untuk Checkout
                  </Link>
                </>
              )}
            </aside>
          )}
        </div>
      )}

      {!isLoading && user && <LatestOrders />}
    </section>
  );
}
