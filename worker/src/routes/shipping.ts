import type { CourierSettings, CourierSettingsAnswer } from '@gi/contracts';
import { shipping } from '@gi/contracts/endpoints';
import { createRouter, defineEndpoint } from '../api/endpoint.ts';
import { type Db, getDb } from '../db/client.ts';
import type { Env } from '../env.ts';
import { areaName, districtsOf, regenciesOf, resolveArea } from '../lib/areas.ts';
import { clientIp } from '../lib/client-ip.ts';
import { AppError } from '../lib/errors.ts';
import { pricedCart } from '../orders/cart.ts';
import { readCourierSettings, writeCourierSettings } from '../settings/rows.ts';
import { POSTAL_CODE_NOT_IN_DISTRICT, postalCodeInDistrict } from '../shipping/postal-area.ts';
import { shippingOptions } from '../shipping/rates.ts';
import { loadShippingConfig, saveShippingConfig } from '../shipping/zones.ts';

/** The live-rate setup as the admin's editor reads it; whether a key is set, never the key. */
async function courierAnswer(
  db: Db,
  env: Pick<Env, 'BITESHIP_API_KEY'>,
  saved?: CourierSettings,
): Promise<CourierSettingsAnswer> {
  const settings = saved ?? (await readCourierSettings(db));
  const origin = settings?.origin;
  return {
    settings,
    configured: Boolean(env.BITESHIP_API_KEY),
    originArea: origin ? resolveArea(origin.provinceCode, origin.regencyCode, origin.districtCode) : null,
  };
}

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
    const ip = clientIp(c.req.raw);
    const cart = await pricedCart(db, items);
    // Side by side, so a slow aggregator delays checkout once, not twice; a wrong code is said
    // under the postal code instead of prices for another place.
    const [inDistrict, options] = await Promise.all([
      postalCode ? postalCodeInDistrict(db, c.env, { districtCode, postalCode }, ip) : null,
      shippingOptions(db, c.env, { regencyCode, postalCode: postalCode ?? null }, cart, {
        clientIp: ip,
        // The access token's subject, verified (not checked live: a budget, not an access).
        sessionId: c.get('claims')?.sub ?? null,
      }),
    ]);
    if (inDistrict === false) {
      throw new AppError(422, 'postal_code_not_in_district', POSTAL_CODE_NOT_IN_DISTRICT, {
        postalCode: POSTAL_CODE_NOT_IN_DISTRICT,
      });
    }
    return c.json(options, 200);
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
    await saveShippingConfig(db, input, c.get('auth')?.userId as string);
    return c.json(await loadShippingConfig(db), 200);
  })

  .openapi(defineEndpoint(shipping.readCourier), async (c) =>
    c.json(await courierAnswer(getDb(c.env.DB), c.env), 200),
  )

  .openapi(defineEndpoint(shipping.saveCourier), async (c) => {
    const input = c.req.valid('json');
    const { provinceCode, regencyCode, districtCode } = input.origin;
    // As checkout checks an address: real areas, each inside the one before; the first wrong one is named.
    if (!resolveArea(provinceCode, regencyCode, districtCode)) {
      const regencies = regenciesOf(provinceCode);
      const [field, message] = !regencies
        ? ['provinceCode', 'Provinsi tidak ditemukan']
        : !regencies.some((r) => r.code === regencyCode)
          ? ['regencyCode', 'Kabupaten/kota tidak ditemukan']
          : ['districtCode', 'Kecamatan tidak ditemukan'];
      throw new AppError(400, 'invalid_input', message, { [`origin.${field}`]: message });
    }
    const db = getDb(c.env.DB);
    await writeCourierSettings(db, input, c.get('auth')?.userId as string);
    return c.json(await courierAnswer(db, c.env, input), 200);
  });
