import { Link } from '@gi/platform';
import { buttonClass } from '@gi/ui';
import type { ReactNode } from 'react';
import { CollectionEditor } from '../features/collections/collection-editor.tsx';
import { CollectionForm } from '../features/collections/collection-form.tsx';
import { CollectionList } from '../features/collections/collection-list.tsx';
import { FaqEditor } from '../features/content/faq-editor.tsx';
import { PolicyEditor } from '../features/content/policy-editor.tsx';
import { ServiceEditor } from '../features/customer-service/service-editor.tsx';
import { ServiceForm } from '../features/customer-service/service-form.tsx';
import { ServiceList } from '../features/customer-service/service-list.tsx';
import { CustomerDetail } from '../features/customers/customer-detail.tsx';
import { CustomerList } from '../features/customers/customer-list.tsx';
import { DashboardOverview } from '../features/dashboard/dashboard-overview.tsx';
import { OrderDetail } from '../features/orders/order-detail.tsx';
import { OrderList } from '../features/orders/order-list.tsx';
import { PaymentReviewList } from '../features/orders/payment-review-list.tsx';
import { RefundList } from '../features/orders/refund-list.tsx';
import { ProductEditor } from '../features/products/product-editor.tsx';
import { ProductForm } from '../features/products/product-form.tsx';
import { ProductList } from '../features/products/product-list.tsx';
import { ProfileForm } from '../features/profile/profile-form.tsx';
import { ReviewModeration } from '../features/reviews/review-moderation.tsx';
import { SaleEditor } from '../features/sales/sale-editor.tsx';
import { SaleForm } from '../features/sales/sale-form.tsx';
import { SaleList } from '../features/sales/sale-list.tsx';
import { AboutEditor } from '../features/settings/about-editor.tsx';
import { BackgroundEditor } from '../features/settings/background-editor.tsx';
import { ContactEditor } from '../features/settings/contact-editor.tsx';
import { GatewaySettingsEditor } from '../features/settings/gateway-settings-editor.tsx';
import { GiftWrapEditor } from '../features/settings/gift-wrap-editor.tsx';
import { PaymentSettingsEditor } from '../features/settings/payment-settings-editor.tsx';
import { CourierSettingsEditor } from '../features/shipping/courier-settings-editor.tsx';
import { ShippingEditor } from '../features/shipping/shipping-editor.tsx';
import { VoucherBulk } from '../features/vouchers/voucher-bulk.tsx';
import { VoucherEditor } from '../features/vouchers/voucher-editor.tsx';
import { VoucherForm } from '../features/vouchers/voucher-form.tsx';
import { VoucherList } from '../features/vouchers/voucher-list.tsx';
import { type MenuSection, type Section, sectionSearch } from '../shared/admin-nav.ts';
import styles from './admin-page.module.css';

interface ViewProps {
  /** The record a view shows (`?id=`), for the views that need one. */
  id: string;
  /** Back to a list, for forms that are done. */
  back: (to: MenuSection) => () => void;
}

/** The payment views beside the orders list (the menu keeps its 13 sections, product.md §2). */
const orderViews = [
  { id: 'orders', label: 'Semua Pesanan' },
  { id: 'payment-reviews', label: 'Menunggu Verifikasi' },
  { id: 'refunds', label: 'Perlu Refund' },
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

/** The content of each dashboard view (admin-nav.ts names them); forms hand back to their list when done. */
const views: Record<Section, (props: ViewProps) => ReactNode> = {
  dashboard: () => <DashboardOverview />,
  profile: () => <ProfileForm />,
  products: () => <ProductList />,
  'add-product': ({ back }) => <ProductForm onSaved={back('products')} onCancel={back('products')} />,
  'edit-product': ({ id, back }) => <ProductEditor id={id} onDone={back('products')} />,
  collections: () => <CollectionList />,
  'add-collection': ({ back }) => (
    <CollectionForm onSaved={back('collections')} onCancel={back('collections')} />
  ),
  'edit-collection': ({ id, back }) => <CollectionEditor slug={id} onDone={back('collections')} />,
  orders: () => (
    <>
      <OrderLinks current="orders" />
      <OrderList />
    </>
  ),
  'payment-reviews': () => (
    <>
      <OrderLinks current="payment-reviews" />
      <PaymentReviewList />
    </>
  ),
  refunds: () => (
    <>
      <OrderLinks current="refunds" />
      <RefundList />
    </>
  ),
  'payment-settings': () => (
    <>
      <OrderLinks current="payment-settings" />
      <PaymentSettingsEditor />
      <GatewaySettingsEditor />
      <GiftWrapEditor />
    </>
  ),
  'order-detail': ({ id, back }) => <OrderDetail id={id} onBack={back('orders')} />,
  vouchers: () => <VoucherList />,
  'add-voucher': ({ back }) => <VoucherForm onSaved={back('vouchers')} onCancel={back('vouchers')} />,
  'edit-voucher': ({ id, back }) => <VoucherEditor id={id} onDone={back('vouchers')} />,
  'bulk-vouchers': ({ back }) => <VoucherBulk onCancel={back('vouchers')} />,
  reviews: () => <ReviewModeration />,
  'customer-service': () => <ServiceList />,
  'add-customer-service': ({ back }) => (
    <ServiceForm onSaved={back('customer-service')} onCancel={back('customer-service')} />
  ),
  'edit-customer-service': ({ id, back }) => <ServiceEditor id={id} onDone={back('customer-service')} />,
  'edit-faq': () => <FaqEditor />,
  'edit-shipping': () => (
    <div className={styles.stack}>
      <CourierSettingsEditor />
      <ShippingEditor />
      <PolicyEditor kind="shipping-policy" />
      <PolicyEditor kind="returns-policy" />
    </div>
  ),
  'edit-privacy': () => <PolicyEditor kind="privacy-policy" />,
  'edit-terms': () => <PolicyEditor kind="terms-conditions" />,
  contact: () => <ContactEditor />,
  background: () => <BackgroundEditor />,
  about: () => <AboutEditor />,
  sales: () => <SaleList />,
  'add-sale': ({ back }) => <SaleForm onSaved={back('sales')} onCancel={back('sales')} />,
  'edit-sale': ({ id, back }) => <SaleEditor id={id} onDone={back('sales')} />,
  customers: () => <CustomerList />,
  'customer-detail': ({ id, back }) => <CustomerDetail id={id} onBack={back('customers')} />,
};

export function SectionView({
  section,
  id,
  goTo,
}: {
  section: Section;
  id: string;
  goTo: (to: MenuSection) => void;
}) {
  return views[section]({ id, back: (to) => () => goTo(to) });
}
