import { type ShippingQuote, shippingConfigInputSchema, shippingQuoteSchema } from '@gi/contracts';
import { Hono } from 'hono';
import { getDb } from '../db/client.ts';
import type { AppEnv } from '../env.ts';
import { areaName, districtsOf } from '../lib/areas.ts';
import { AppError } from '../lib/errors.ts';
import { pricedCart } from '../lib/priced-cart.ts';
import {
  loadShippingConfig,
  NO_ZONE_MESSAGE,
  optionsFor,
  saveShippingConfig,
  servicesFor,
} from '../lib/shipping.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';

export const shippingRoutes = new Hono<AppEnv>()
  /** The zones, services and free-shipping threshold: the shipping page and the admin editor read it. */
  .get('/', async (c) => c.json(await loadShippingConfig(getDb(c.env.DB))))

  /** The services for one address and cart, priced by the server as the order will be. */
  .post('/quote', validate('json', shippingQuoteSchema), async (c) => {
    const { districtCode, items } = c.req.valid('json');
    const regencyCode = districtCode.slice(0, 5);
    if (!districtsOf(regencyCode)?.some((d) => d.code === districtCode)) {
      throw new AppError(400, 'invalid_input', 'Kecamatan tidak ditemukan', {
        districtCode: 'Kecamatan tidak ditemukan',
      });
    }
    const db = getDb(c.env.DB);
    const cart = await pricedCart(db, items);
    const zone = await servicesFor(db, regencyCode);
    if (!zone) throw new AppError(422, 'no_shipping_zone', NO_ZONE_MESSAGE);
    const quote: ShippingQuote = {
      zone: zone.zone,
      subtotal: cart.subtotal,
      options: optionsFor(zone, cart),
    };
    return c.json(quote);
  });

export const adminShippingRoutes = new Hono<AppEnv>()
  .use(requireAdmin)

  .put('/', validate('json', shippingConfigInputSchema), async (c) => {
    const input = c.req.valid('json');
    const unknown: Record<string, string> = {};
    input.zones.forEach((zone, z) => {
      zone.areaCodes.forEach((code, a) => {
        if (!areaName(code)) unknown[`zones.${z}.areaCodes.${a}`] = 'Wilayah tidak ditemukan';
      });
    });
    const [first] = Object.values(unknown);
    if (first) throw new AppError(400, 'invalid_input', first, unknown);
    const db = getDb(c.env.DB);
    await saveShippingConfig(db, input);
    return c.json(await loadShippingConfig(db));
  });
