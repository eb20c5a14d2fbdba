import { addressRoutes } from './addresses.ts';
import { analyticsRoutes } from './analytics.ts';
import { areaRoutes } from './areas.ts';
import { auditRoutes } from './audit.ts';
import { authRoutes } from './auth.ts';
import { collectionRoutes } from './collections.ts';
import { contactRoutes } from './contact.ts';
import { contentRoutes } from './content.ts';
import { customerServiceRoutes } from './customer-service.ts';
import { customerRoutes } from './customers.ts';
import { discoverySetRoutes } from './discovery-sets.ts';
import { documentRoutes } from './documents.ts';
import { exportRoutes } from './exports.ts';
import { favoriteRoutes } from './favorites.ts';
import { giftWrapRoutes } from './gift-wrap.ts';
import { healthRoutes } from './health.ts';
import { imageRoutes } from './images.ts';
import { marketingRoutes } from './marketing.ts';
import { operationsRoutes } from './operations.ts';
import { adminOrderRoutes, orderRoutes } from './orders.ts';
import {
  adminGatewayRoutes,
  adminGatewaySettingsRoutes,
  gatewayNotificationRoutes,
  orderPaymentRoutes,
} from './payments.ts';
import { productRoutes } from './products.ts';
import { reviewRoutes } from './reviews.ts';
import { saleRoutes } from './sales.ts';
import { sampleCreditSettingsRoutes } from './sample-credit-settings.ts';
import { sampleCreditRoutes } from './sample-credits.ts';
import { savedCartRoutes } from './saved-cart.ts';
import { scentFinderRoutes } from './scent-finder.ts';
import { adminSettingsRoutes, settingsRoutes } from './settings.ts';
import { adminShipmentRoutes, shipmentWebhookRoutes } from './shipments.ts';
import { shippingRoutes } from './shipping.ts';
import { staffRoutes } from './staff.ts';
import { statsRoutes } from './stats.ts';
import { stockRoutes } from './stock.ts';
import { twoFactorRoutes } from './two-factor.ts';
import { voucherRoutes } from './vouchers.ts';

/**
 * Every router of the API, mounted under `/api` by index.ts in this order (of two routes that
 * match, the first answers). A new resource's router gets its line here; api/served.test.ts
 * fails for a definition no router serves.
 */
export const apiRouters = [
  healthRoutes,
  authRoutes,
  productRoutes,
  collectionRoutes,
  imageRoutes,
  contactRoutes,
  contentRoutes,
  settingsRoutes,
  adminSettingsRoutes,
  adminGatewaySettingsRoutes,
  customerServiceRoutes,
  statsRoutes,
  stockRoutes,
  orderRoutes,
  orderPaymentRoutes,
  adminOrderRoutes,
  adminGatewayRoutes,
  gatewayNotificationRoutes,
  adminShipmentRoutes,
  shipmentWebhookRoutes,
  areaRoutes,
  shippingRoutes,
  addressRoutes,
  reviewRoutes,
  favoriteRoutes,
  marketingRoutes,
  voucherRoutes,
  giftWrapRoutes,
  sampleCreditSettingsRoutes,
  scentFinderRoutes,
  saleRoutes,
  savedCartRoutes,
  staffRoutes,
  twoFactorRoutes,
  auditRoutes,
  analyticsRoutes,
  exportRoutes,
  documentRoutes,
  operationsRoutes,
  customerRoutes,
  discoverySetRoutes,
  sampleCreditRoutes,
];
