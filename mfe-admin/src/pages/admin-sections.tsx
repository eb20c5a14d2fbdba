import { Link } from '@gi/platform';
import { buttonClass } from '@gi/ui';
import { CollectionEditor } from '../features/collections/collection-editor.tsx';
import { CollectionForm } from '../features/collections/collection-form.tsx';
import { CollectionList } from '../features/collections/collection-list.tsx';
import { FaqEditor } from '../features/content/faq-editor.tsx';
import { PolicyEditor } from '../features/content/policy-editor.tsx';
import { ServiceEditor } from '../features/customer-service/service-editor.tsx';
import { ServiceForm } from '../features/customer-service/service-form.tsx';
import { ServiceList } from '../features/customer-service/service-list.tsx';
import { DashboardOverview } from '../features/dashboard/dashboard-overview.tsx';
import { OrderDetail } from '../features/orders/order-detail.tsx';
import { OrderList } from '../features/orders/order-list.tsx';
import { PaymentReviewList } from '../features/orders/payment-review-list.tsx';
import { ProductEditor } from '../features/products/product-editor.tsx';
import { ProductForm } from '../features/products/product-form.tsx';
import { ProductList } from '../features/products/product-list.tsx';
import { ProfileForm } from '../features/profile/profile-form.tsx';
import { AboutEditor } from '../features/settings/about-editor.tsx';
import { BackgroundEditor } from '../features/settings/background-editor.tsx';
import { ContactEditor } from '../features/settings/contact-editor.tsx';
import { PaymentSettingsEditor } from '../features/settings/payment-settings-editor.tsx';
import { ShippingEditor } from '../features/shipping/shipping-editor.tsx';
import { type MenuSection, type Section, sectionSearch } from '../lib/admin-nav.ts';
import styles from './admin-page.module.css';

interface SectionViewProps {
  section: Section;
  id: string;
  goTo: (section: MenuSection) => void;
}

/** The payment views beside the orders list (the menu keeps the spec's 13 sections). */
const orderViews = [
  { id: 'orders', label: 'Semua Pesanan' },
  { id: 'payment-reviews', label: 'Menunggu Verifikasi' },
  { id: 'payment-settings', label: 'Pengaturan Pembayaran' },
] as const satisfies readonly { id: Section; label: string }[];

function OrderLinks({ current }: { current: Section }) {
  return (
    <nav className={styles.links} aria-label="Pesanan dan pembayaran">
      {orderViews.map((view) => (
        <Link
          key={view.id}
          to={{ search: sectionSearch(view.id) }}
          className={buttonClass.secondary}
          aria-current={view.id === current ? 'page' : undefined}
        >
          {view.label}
        </Link>
      ))}
    </nav>
  );
}

/** The content of each dashboard view; forms hand back to their list when done. */
export function SectionView({ section, id, goTo }: SectionViewProps) {
  const back = (to: MenuSection) => () => goTo(to);
  switch (section) {
    case 'dashboard':
      return <DashboardOverview />;
    case 'profile':
      return <ProfileForm />;
    case 'products':
      return <ProductList />;
    case 'add-product':
      return <ProductForm onSaved={back('products')} onCancel={back('products')} />;
    case 'edit-product':
      return <ProductEditor id={id} onDone={back('products')} />;
    case 'collections':
      return <CollectionList />;
    case 'add-collection':
      return <CollectionForm onSaved={back('collections')} onCancel={back('collections')} />;
    case 'edit-collection':
      return <CollectionEditor slug={id} onDone={back('collections')} />;
    case 'orders':
      return (
        <>
          <OrderLinks current={section} />
          <OrderList />
        </>
      );
    case 'payment-reviews':
      return (
        <>
          <OrderLinks current={section} />
          <PaymentReviewList />
        </>
      );
    case 'payment-settings':
      return (
        <>
          <OrderLinks current={section} />
          <PaymentSettingsEditor />
        </>
      );
    case 'order-detail':
      return <OrderDetail id={id} onBack={back('orders')} />;
    case 'customer-service':
      return <ServiceList />;
    case 'add-customer-service':
      return <ServiceForm onSaved={back('customer-service')} onCancel={back('customer-service')} />;
    case 'edit-customer-service':
      return <ServiceEditor id={id} onDone={back('customer-service')} />;
    case 'edit-faq':
      return <FaqEditor />;
    case 'edit-shipping':
      return (
        <div className={styles.stack}>
          <ShippingEditor />
          <PolicyEditor kind="shipping-policy" />
          <PolicyEditor kind="returns-policy" />
        </div>
      );
    case 'edit-privacy':
      return <PolicyEditor kind="privacy-policy" />;
    case 'edit-terms':
      return <PolicyEditor kind="terms-conditions" />;
    case 'contact':
      return <ContactEditor />;
    case 'background':
      return <BackgroundEditor />;
    case 'about':
      return <AboutEditor />;
  }
}
