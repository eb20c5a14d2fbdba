import { Link } from '@gi/platform';
import { buttonClass } from '@gi/ui';
import type { ReactNode } from 'react';
import { AuditLog } from '../features/audit/audit-log.tsx';
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
import { SalesAnalytics } from '../features/dashboard/sales-analytics.tsx';
import { OrderDetail } from '../features/orders/order-detail.tsx';
import { OrderList } from '../features/orders/order-list.tsx';
import { PaymentReviewList } from '../features/orders/payment-review-list.tsx';
import { RefundList } from '../features/orders/refund-list.tsx';
import { ProductEditor } from '../features/products/product-editor.tsx';
import { ProductForm } from '../features/products/product-form.tsx';
import { ProductList } from '../features/products/product-list.tsx';
import { ProfileForm } from '../features/profile/profile-form.tsx';
import { TwoFactorSettings } from '../features/profile/two-factor-settings.tsx';
import { ReviewModeration } from '../features/reviews/review-moderation.tsx';
import { SaleEditor } from '../features/sales/sale-editor.tsx';
import { SaleForm } from '../features/sales/sale-form.tsx';
import { SaleList } from '../features/sales/sale-list.tsx';
import { AboutEditor } from '../features/settings/about-editor.tsx';
import { BackgroundEditor } from '../features/settings/background-editor.tsx';
import { ContactEditor } from '../features/settings/contact-editor.tsx';
import { GatewaySettingsEditor } from '../features/settings/gateway-settings-editor.tsx';
import { GiftWrapEditor } from '../features/settings/gift-wrap-editor.tsx';
import { InvoiceSettingsEditor } from '../features/settings/invoice-settings-editor.tsx';
import { PaymentSettingsEditor } from '../features/settings/payment-settings-editor.tsx';
import { SampleCreditEditor } from '../features/settings/sample-credit-editor.tsx';
import { CourierSettingsEditor } from '../features/shipping/courier-settings-editor.tsx';
import { ShippingEditor } from '../features/shipping/shipping-editor.tsx';
import { StaffList } from '../features/staff/staff-list.tsx';
import { VoucherBulk } from '../features/vouchers/voucher-bulk.tsx';
import { VoucherEditor } from '../features/vouchers/voucher-editor.tsx';
import { VoucherForm } from '../features/vouchers/voucher-form.tsx';
import { VoucherList } from '../features/vouchers/voucher-list.tsx';
import { type MenuSection, type Section, sectionAllowed, sectionSearch } from '../shared/admin-nav.ts';
import { useCan } from '../shared/permissions.ts';
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
  const can = useCan();
  return (
    <nav className={styles.links} aria-label="Pesanan dan pembayaran">
      {orderViews
        .filter((view) => sectionAllowed(view.id, can))
        .map((view) => (
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

/** Bank accounts and the gateway for the owner, the gift wrap for the roles with 'settings' (decision 052). */
function PaymentSettingsView() {
  const can = useCan();
  return (
    <>
      <OrderLinks current="payment-settings" />
      {can('payment-settings') && (
        <>
          <PaymentSettingsEditor />
          <GatewaySettingsEditor />
        </>
      )}
      {can('settings') && (
        <>
          <GiftWrapEditor />
          <SampleCreditEditor />
          <InvoiceSettingsEditor />
        </>
      )}
    </>
  );
}

/** The courier and the zones ('settings') and the shipping and returns policies ('content'). */
function ShippingView() {
  const can = useCan();
  return (
    <div className={styles.stack}>
      {can('settings') && (
        <>
          <CourierSettingsEditor />
          <ShippingEditor />
        </>
      )}
      {can('content') && (
        <>
          <PolicyEditor kind="shipping-policy" />
          <PolicyEditor kind="returns-policy" />
        </>
      )}
    </div>
  );
}

/** The content of each dashboard view (admin-nav.ts names them); forms hand back to their list when done. */
const views: Record<Section, (props: ViewProps) => ReactNode> = {
  dashboard: () => <DashboardOverview />,
  profile: () => (
    <div className={styles.stack}>
      <ProfileForm />
      <TwoFactorSettings />
    </div>
  ),
  analytics: () => <SalesAnalytics />,
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
  'payment-settings': () => <PaymentSettingsView />,
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
  'edit-shipping': () => <ShippingView />,
  'edit-privacy': () => <PolicyEditor kind="privacy-policy" />,
  'edit-terms': () => <PolicyEditor kind="terms-conditions" />,
  contact: () => <ContactEditor />,
  background: () => <BackgroundEditor />,
  about: () => <AboutEditor />,
  sales: () => <SaleList />,
  'add-sale': ({ back }) => <SaleForm onSaved={back('sales')} onCancel={back('sales')} />,
  'edit-sale': ({ id, back }) => <SaleEditor id={id} onDone={back('sales')} />,
  staff: () => <StaffList />,
  audit: () => <AuditLog />,
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
