import { shipping } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { getDb } from '../db/client.ts';
import { areaName, districtsOf } from '../lib/areas.ts';
import { AppError } from '../lib/errors.ts';
import { pricedCart } from '../lib/priced-cart.ts';
import { loadShippingConfig, saveShippingConfig } from '../lib/shipping.ts';
import { shippingOptions } from '../shipping/rates.ts';

export const shippingRoutes = createRouter()
  .openapi(defineEndpoint(shipping.read), async (c) => c.json(await loadShippingConfig(getDb(c.env.DB)), 200))

  .openapi(defineEndpoint(shipping.quote), async (c) => {
    const { districtCode, postalCode, items } = c.req.valid('json');
    const regencyCode = districtCode.slice(0, 5);
    if (!districtsOf(regencyCode)?.some((d) => d.code === districtCode)) {
      throw new AppError(400, 'invalid_input', 'Kecamatan tidak ditemukan', {
        districtCode: 'Kecamatan tidak ditemukan',
      });
    }
    const db = getDb(c.env.DB);
    const cart = await pricedCart(db, items);
    return c.json(
      await shippingOptions(db, c.env, { regencyCode, postalCode: postalCode ?? null }, cart),
      200,
    );
  })

  .openapi(defineEndpoint(shipping.save), async (c) => {
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
    return c.json(await loadShippingConfig(db), 200);
  });
