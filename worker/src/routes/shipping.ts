import {
  type ShippingQuote,
  shippingConfigInputSchema,
  shippingConfigSchema,
  shippingQuoteAnswerSchema,
  shippingQuoteSchema,
} from '@gi/contracts';
import {
  createRouter,
  defineEndpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
} from '../api/endpoint.ts';
import { ADMIN, SHARED_READ } from '../api/policy.ts';
import { getDb } from '../db/client.ts';
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

const tags = ['Pengiriman'];
const config = jsonAnswer(shippingConfigSchema, 'Zona, layanan dan batas gratis ongkir');

const read = defineEndpoint({
  method: 'get',
  path: '/',
  tags,
  summary: 'Zona, layanan dan batas gratis ongkir (halaman pengiriman dan editor admin)',
  policy: SHARED_READ,
  responses: { 200: config },
});
const quote = defineEndpoint({
  method: 'post',
  path: '/quote',
  tags,
  summary: 'Layanan untuk satu alamat dan keranjang, dihitung server seperti pesanannya nanti',
  policy: { access: 'public', cache: 'private', d1: 'primary' },
  request: { body: jsonBody(shippingQuoteSchema) },
  responses: {
    200: jsonAnswer(shippingQuoteAnswerSchema, 'Pilihan pengiriman'),
    400: errorAnswer('Data tidak valid, kecamatan atau produk tidak ditemukan'),
    422: errorAnswer('Alamat di luar zona pengiriman'),
  },
});
const save = defineEndpoint({
  method: 'put',
  path: '/',
  tags,
  summary: 'Simpan zona, layanan dan batas gratis ongkir',
  policy: ADMIN,
  request: { body: jsonBody(shippingConfigInputSchema) },
  responses: { 200: config, 400: invalidAnswer },
});

export const shippingRoutes = createRouter()
  .openapi(read, async (c) => c.json(await loadShippingConfig(getDb(c.env.DB)), 200))

  .openapi(quote, async (c) => {
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
    const answer: ShippingQuote = {
      zone: zone.zone,
      subtotal: cart.subtotal,
      options: optionsFor(zone, cart),
    };
    return c.json(answer, 200);
  });

export const adminShippingRoutes = createRouter().openapi(save, async (c) => {
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
