import type { AdminStats } from '@gi/contracts';

/** GET /api/admin/stats as the server answers an owner: every card, no activity unless given. */
export const adminStats = (overrides: Partial<AdminStats> = {}): AdminStats => ({
  totalProducts: 16,
  totalCollections: 6,
  totalOrders: 3,
  totalSales: 1_250_000,
  awaitingPayment: 0,
  awaitingVerification: 0,
  awaitingGateway: 0,
  toShip: 0,
  pendingReviews: 0,
  recentActivity: [],
  ...overrides,
});
