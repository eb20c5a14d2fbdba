import type { Permission } from '@gi/contracts';
import { useSearchParams } from '@gi/platform';

/** The 16 sections of the side menu (product.md §2), 'Pelanggan' (decision 059), 'Staf' (decision 052) and 'Log Aktivitas' (decision 054), in menu order, with their labels. */
export const menuSections = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'profile', label: 'Profil Admin' },
  { id: 'products', label: 'Data Produk' },
  { id: 'collections', label: 'Data Koleksi' },
  { id: 'orders', label: 'Lihat Pesanan' },
  { id: 'vouchers', label: 'Voucher' },
  { id: 'sales', label: 'Promo' },
  { id: 'reviews', label: 'Ulasan' },
  { id: 'customer-service', label: 'Layanan Pelanggan' },
  { id: 'customers', label: 'Pelanggan' },
  { id: 'edit-faq', label: 'Edit FAQ' },
  { id: 'edit-shipping', label: 'Edit Pengiriman' },
  { id: 'edit-privacy', label: 'Edit Privasi' },
  { id: 'edit-terms', label: 'Edit Syarat & Ketentuan' },
  { id: 'contact', label: 'Kontak' },
  { id: 'background', label: 'Background' },
  { id: 'about', label: 'About' },
  { id: 'staff', label: 'Staf' },
  { id: 'audit', label: 'Log Aktivitas' },
] as const;

export type MenuSection = (typeof menuSections)[number]['id'];

/**
 * The permissions a section's content needs, any one of them (decision 052); none: every staff
 * member. The menu shows a role only what it may open; a link to another section says no access.
 */
const menuPermissions: Record<MenuSection, readonly Permission[]> = {
  dashboard: ['dashboard'],
  profile: [],
  products: ['catalog'],
  collections: ['catalog'],
  orders: ['orders'],
  vouchers: ['prices-stock'],
  sales: ['prices-stock'],
  reviews: ['content'],
  'customer-service': ['orders'],
  customers: ['customers'],
  'edit-faq': ['content'],
  // The courier and the zones (settings) beside the shipping and returns policies (content).
  'edit-shipping': ['settings', 'content'],
  'edit-privacy': ['content'],
  'edit-terms': ['content'],
  contact: ['content'],
  background: ['content'],
  about: ['content'],
  staff: ['staff'],
  // Who changed what is the owner's to read (decision 054).
  audit: ['staff'],
};

/**
 * Views reached from a section rather than the menu; the menu highlights their parent.
 * A view of one record (`needsId`) without its `?id=` shows its parent instead.
 */
export const internalViews = {
  analytics: { parent: 'dashboard', title: 'Analitik Penjualan' },
  'add-product': { parent: 'products', title: 'Tambah Produk' },
  'edit-product': { parent: 'products', title: 'Edit Produk', needsId: true },
  'add-collection': { parent: 'collections', title: 'Tambah Koleksi' },
  'edit-collection': { parent: 'collections', title: 'Edit Koleksi', needsId: true },
  'add-sale': { parent: 'sales', title: 'Tambah Promo' },
  'edit-sale': { parent: 'sales', title: 'Edit Promo', needsId: true },
  'order-detail': { parent: 'orders', title: 'Detail Pesanan', needsId: true },
  'customer-detail': { parent: 'customers', title: 'Detail Pelanggan', needsId: true },
  'payment-reviews': { parent: 'orders', title: 'Menunggu Verifikasi' },
  refunds: { parent: 'orders', title: 'Perlu Refund' },
  'payment-settings': { parent: 'orders', title: 'Pengaturan Pembayaran' },
  'add-voucher': { parent: 'vouchers', title: 'Tambah Voucher' },
  'edit-voucher': { parent: 'vouchers', title: 'Edit Voucher', needsId: true },
  'bulk-vouchers': { parent: 'vouchers', title: 'Buat Kode Voucher Massal' },
  'add-customer-service': { parent: 'customer-service', title: 'Tambah Data Layanan Pelanggan' },
  'edit-customer-service': {
    parent: 'customer-service',
    title: 'Edit Data Layanan Pelanggan',
    needsId: true,
  },
} as const satisfies Record<string, { parent: MenuSection; title: string; needsId?: true }>;

export type InternalView = keyof typeof internalViews;
export type Section = MenuSection | InternalView;

/** Whether a role holding permissions by `can` may open `section` (an internal view: its parent's rule). */
export function sectionAllowed(section: Section, can: (permission: Permission) => boolean): boolean {
  const needs = viewPermissions[section] ?? menuPermissions[menuParent(section)];
  return needs.length === 0 || needs.some(can);
}

/** Internal views that need other than their parent's permissions. */
const viewPermissions: Partial<Record<Section, readonly Permission[]>> = {
  // Bank accounts and the gateway (the owner's), beside the gift wrap (settings).
  'payment-settings': ['payment-settings', 'settings'],
  // Revenue is for the owner and the admins (decision 055), not for everyone on the dashboard.
  analytics: ['reports'],
  // A new product sets its sizes' prices and stock, which the server refuses a content editor.
  'add-product': ['prices-stock'],
};

function isSection(value: string | null): value is Section {
  return value !== null && (menuSections.some((s) => s.id === value) || value in internalViews);
}

/** The menu entry a section belongs to. */
export function menuParent(section: Section): MenuSection {
  return section in internalViews ? internalViews[section as InternalView].parent : (section as MenuSection);
}

export function sectionTitle(section: Section): string {
  if (section in internalViews) return internalViews[section as InternalView].title;
  return menuSections.find((s) => s.id === section)?.label ?? 'Dashboard';
}

/** Search string of a view, e.g. `?section=edit-product&id=…` (the path stays the same). */
export function sectionSearch(section: Section, id?: string): string {
  const params = new URLSearchParams({ section });
  if (id) params.set('id', id);
  return `?${params}`;
}

/**
 * The dashboard's current view lives in the query string, so the back button,
 * a reload and a shared link all return to it without a route of its own.
 */
export function useAdminNav() {
  const [params] = useSearchParams();
  const raw = params.get('section');
  const id = params.get('id') ?? '';
  let section: Section = isSection(raw) ? raw : 'dashboard';
  if (!id && section in internalViews && 'needsId' in internalViews[section as InternalView])
    section = menuParent(section);
  return { section, id };
}
