import { type ActivityItem, formatDateTime, formatRupiah } from '@gi/contracts';
import { Link, useQuery } from '@gi/platform';
import { buttonClass, useErrorToast } from '@gi/ui';
import { EmptyState, ErrorState, LoadingState } from '@gi/ui/states';
import { type Section, sectionAllowed, sectionSearch } from '../../shared/admin-nav.ts';
import { useLacks } from '../../shared/permissions.ts';
import { statsQuery } from './api.ts';
import styles from './dashboard-overview.module.css';
import { EstimatedWeights } from './estimated-weights.tsx';
import { LowStock } from './low-stock.tsx';
import { OperationsPanel } from './operations-panel.tsx';

const activityLabels: Record<ActivityItem['type'], string> = {
  order: 'Pesanan baru',
  customer_service: 'Layanan pelanggan',
  product: 'Produk ditambahkan',
};

/** Where an activity entry leads: the record it is about. */
const activityTarget: Record<ActivityItem['type'], Section> = {
  order: 'order-detail',
  customer_service: 'edit-customer-service',
  product: 'edit-product',
};

/** 'Aksi Cepat', each for the roles that may open it (decision 052). */
const quickActions: { section: Section; label: string; primary?: true }[] = [
  { section: 'add-product', label: 'Tambah Produk', primary: true },
  { section: 'add-collection', label: 'Tambah Koleksi' },
  { section: 'orders', label: 'Lihat Pesanan' },
  { section: 'analytics', label: 'Analitik Penjualan' },
];

/** product.md §2: four clickable cards, recent activity and quick actions. */
export function DashboardOverview() {
  const stats = useQuery(statsQuery);
  const lacks = useLacks();
  useErrorToast(stats.isError, 'Gagal memuat data dashboard');

  if (stats.isPending) return <LoadingState>Memuat data dashboard...</LoadingState>;
  if (stats.isError)
    return <ErrorState message="Gagal memuat data dashboard" onRetry={() => stats.refetch()} />;

  const { data } = stats;
  const cards: { label: string; value: string; section: Section; status?: string; note?: string }[] = [
    { label: 'Total Produk', value: String(data.totalProducts), section: 'products' },
    { label: 'Total Koleksi', value: String(data.totalCollections), section: 'collections' },
    { label: 'Total Pesanan', value: String(data.totalOrders), section: 'orders' },
    // The server sends the revenue only to the roles holding 'reports' (decision 052).
    ...(data.totalSales === null
      ? []
      : [
          {
            label: 'Total Penjualan',
            value: formatRupiah(data.totalSales),
            section: 'orders' as const,
            note: 'Hanya pesanan yang sudah dibayar (Diproses, Dikirim, Diterima)',
          },
        ]),
    {
      label: 'Menunggu Pembayaran',
      value: String(data.awaitingPayment),
      section: 'orders',
      status: 'pending',
    },
    { label: 'Menunggu Verifikasi', value: String(data.awaitingVerification), section: 'payment-reviews' },
    {
      label: 'Menunggu Gateway',
      value: String(data.awaitingGateway),
      section: 'orders',
      status: 'pending',
      note: 'Dikonfirmasi otomatis oleh gateway pembayaran',
    },
    { label: 'Perlu Dikirim', value: String(data.toShip), section: 'orders', status: 'processing' },
  ];
  const opens = (section: Section) => sectionAllowed(section, (permission) => !lacks(permission));

  return (
    <div className={styles.overview}>
      <ul className={styles.cards}>
        {cards.map((card) => {
          const content = (
            <>
              <span className={styles.cardLabel}>{card.label}</span>{' '}
              <span className={styles.cardValue}>{card.value}</span>
              {card.note && (
                <>
                  {' '}
                  <span className={styles.cardNote}>{card.note}</span>
                </>
              )}
            </>
          );
          const status = card.status ? `&status=${card.status}` : '';
          return (
            <li key={card.label}>
              {/* A card leads to its section only for the roles that may open it. */}
              {opens(card.section) ? (
                <Link to={{ search: `${sectionSearch(card.section)}${status}` }} className={styles.card}>
                  {content}
                </Link>
              ) : (
                <div className={styles.card}>{content}</div>
              )}
            </li>
          );
        })}
      </ul>

      {/* Each panel for the roles whose endpoints it reads (decision 052). */}
      <div className={styles.columns}>
        {!lacks('orders') && <OperationsPanel />}
        <section aria-labelledby="recent-activity-title" className={styles.panel}>
          <h3 id="recent-activity-title">Aktivitas Terbaru</h3>
          {data.recentActivity.length === 0 ? (
            <EmptyState>
              <p>Belum ada aktivitas.</p>
            </EmptyState>
          ) : (
            <ul className={styles.activity}>
              {data.recentActivity.map((item) => (
                <li key={`${item.type}:${item.id}`}>
                  <Link to={{ search: sectionSearch(activityTarget[item.type], item.id) }}>
                    <span className={styles.activityType}>{activityLabels[item.type]}</span>{' '}
                    <span className={styles.activityTitle}>{item.title}</span>
                  </Link>
                  <time dateTime={item.created_at} className={styles.activityTime}>
                    {formatDateTime(item.created_at)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="quick-actions-title" className={styles.panel}>
          <h3 id="quick-actions-title">Aksi Cepat</h3>
          <div className={styles.quick}>
            {quickActions
              .filter((action) => opens(action.section))
              .map((action) => (
                <Link
                  key={action.section}
                  to={{ search: sectionSearch(action.section) }}
                  className={action.primary ? buttonClass.primary : buttonClass.secondary}
                >
                  {action.label}
                </Link>
              ))}
          </div>
        </section>
        {!lacks('prices-stock') && <LowStock />}
        {!lacks('catalog') && <EstimatedWeights />}
      </div>
    </div>
  );
}
