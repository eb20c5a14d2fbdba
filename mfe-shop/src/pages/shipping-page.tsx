import { PolicySection } from '../features/content/policy-section.tsx';
import { ShippingRates } from '../features/content/shipping-rates.tsx';
import page from '../shared/page.module.css';

/** /shipping: the shipping and the returns policy. */
export default function ShippingPage() {
  return (
    <div className={`${page.page} ${page.narrow}`}>
      <header className={page.header}>
        <h1 className={page.title}>Pengiriman &amp; Pengembalian</h1>
        <p className={page.lead}>Cara kami mengirim pesanan Anda, dan cara mengembalikan produk.</p>
      </header>
      <PolicySection kind="shipping-policy" headingAs="h2" />
      <ShippingRates />
      <PolicySection kind="returns-policy" headingAs="h2" />
    </div>
  );
}
