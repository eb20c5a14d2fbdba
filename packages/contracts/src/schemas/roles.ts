import { z } from 'zod';

/**
 * Who an account is (decision 052): a customer, or one of the shop's staff. The staff's roles are
 * the four; what each may do is `rolePermissions`, the one table the server and the admin
 * UI read.
 */
export const staffRoles = ['owner', 'admin', 'order_handler', 'content_editor'] as const;
export const staffRoleSchema = z.enum(staffRoles, 'Pilih peran staf');
export type StaffRole = z.infer<typeof staffRoleSchema>;
export const roleSchema = z.enum(['customer', ...staffRoles]);
export type Role = z.infer<typeof roleSchema>;

/** Each staff role's name on screen and in emails. */
export const staffRoleLabels: Record<StaffRole, string> = {
  owner: 'Pemilik',
  admin: 'Admin',
  order_handler: 'Pengelola Pesanan',
  content_editor: 'Editor Konten',
};

/**
 * What an admin endpoint needs (declared with it, packages/contracts/src/endpoints/define.ts):
 * - dashboard: the dashboard's cards;
 * - orders: orders, payment checks, refunds, shipments, customer-service records;
 * - catalog: products (not their prices or stock), collections, images;
 * - prices-stock: prices, stock and 'Kredit Sampel' of the sizes, promos, vouchers, stock pages;
 * - content: pages, FAQ, policies, the shop's texts, reviews;
 * - settings: shipping, courier, gift wrap, 'Kredit Sampel';
 * - payment-settings: bank accounts, QRIS, the gateway;
 * - staff: the staff, their roles and invitations, the audit trail;
 * - reports: the sales analytics and the dashboard's 'Total Penjualan' (revenue is not an order
 *   handler's or an editor's business);
 * - customers: the customer list, a customer's page, their export and the erasure of their data.
 */
export const permissions = [
  'dashboard',
  'orders',
  'catalog',
  'prices-stock',
  'content',
  'settings',
  'payment-settings',
  'staff',
  'reports',
  'customers',
] as const;
export type Permission = (typeof permissions)[number];

const everything = new Set<Permission>(permissions);
export const rolePermissions: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: everything,
  admin: new Set(permissions.filter((p) => p !== 'staff' && p !== 'payment-settings')),
  order_handler: new Set(['dashboard', 'orders']),
  content_editor: new Set(['dashboard', 'catalog', 'content']),
};

export function isStaff(role: Role | null | undefined): role is StaffRole {
  return role !== null && role !== undefined && role !== 'customer';
}

/** Whether `role` may do what `permission` covers; a customer or a guest may do none of it. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return isStaff(role) && rolePermissions[role].has(permission);
}
