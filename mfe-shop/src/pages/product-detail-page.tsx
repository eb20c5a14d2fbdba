import { siteSettingsQuery } from '@gi/contracts/public-queries';
import { formatRupiah, formatSize, priceNow } from '@gi/contracts/web';
import { useLocation, useNavigate, useParams, useQuery } from '@gi/platform';
import { buttonClass, useErrorToast } from '@gi/ui';
import { Loading } from '@gi/ui/states';
import { WhatsAppButton } from '@gi/ui/whatsapp-button';
import { BuyNowButton } from '../features/cart-button/buy-now-button.tsx';
import { CartButton, sizedProduct } from '../features/cart-button/cart-button.tsx';
import { productQuery } from '../features/catalog/api.ts';
import { ProductDetail, ProductDetailSkeleton } from '../features/catalog/product-detail.tsx';
import { RelatedProducts } from '../features/catalog/related-products.tsx';
import { ProductRating, ProductReviews } from '../features/reviews/product-reviews.tsx';
import page from '../shared/page.module.css';
import { useDocumentTitle } from '../shared/use-document-title.ts';
import styles from './product-detail-page.module.css';

/** /product/:id (product.md §2): the product with its benefits and the buy buttons (mfe-cart adds). */
export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const { data: product, isPending, isError } = useQuery(productQuery(id));
  // The shop's number for the WhatsApp button: fetched after the page (not inlined), the button
  // then appears below the cart button; the page does not wait for it.
  const { data: settings } = useQuery(siteSettingsQuery);
  useDocumentTitle(
    product
      ? `${product.name} – ${formatRupiah(product.price)}`
      : product === null
        ? 'Produk Tidak Ditemukan'
        : null,
  );
  useErrorToast(product === null, 'Produk tidak ditemukan.');
  useErrorToast(isError, 'Terjadi kesalahan saat memuat produk.');
  const missing = isError || product === null;

  return (
    <div className={page.page}>
      {!missing && <BackButton />}
      {isPending && (
        <Loading label="Memuat produk...">
          <ProductDetailSkeleton />
        </Loading>
      )}
      {missing && (
        <section className={page.missing} aria-labelledby="missing-title">
          <h1 id="missing-title">Produk Tidak Ditemukan</h1>
          <p>Produk yang Anda cari tidak ada atau sudah tidak dijual.</p>
          <BackButton />
        </section>
      )}
      {product && (
        <ProductDetail
          product={product}
          rating={<ProductRating productId={product.id} />}
          buy={(variant) => (
            <>
              <CartButton product={sizedProduct(product, variant)} />
              <BuyNowButton product={sizedProduct(product, variant)} />
            </>
          )}
          ask={(variant) =>
            settings && (
              <WhatsAppButton
                phone={settings.contactWhatsapp}
                message={`Halo PT. Global Imperium, saya tertarik dengan ${product.name} ${formatSize(variant.size_ml)} (${formatRupiah(priceNow(variant))}). Apakah masih tersedia?`}
              >
                Tanya via WhatsApp
              </WhatsAppButton>
            )
          }
        />
      )}
      {product && <ProductReviews productId={product.id} />}
      {product && <RelatedProducts id={product.id} />}
    </div>
  );
}

/** Back where the shopper came from; a shared link opened directly goes to the products. */
function BackButton() {
  const navigate = useNavigate();
  // The first page of a visit has the key 'default': there is nothing in the app to go back to.
  const hasHistory = useLocation().key !== 'default';
  return (
    <button
      type="button"
      className={`${buttonClass.secondary} ${styles.back}`}
      onClick={() => (hasHistory ? navigate(-1) : navigate('/products'))}
    >
      ← Kembali
    </button>
  );
}
