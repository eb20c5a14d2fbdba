import {
  SHIPPING_QUOTE_CHANGED,
  type ShippingOptionTag,
  type ShippingQuote,
  type ShippingQuoteOption,
} from '@gi/contracts';
import { and, desc, eq, gt } from 'drizzle-orm';
import { sha256 } from '../auth/tokens.ts';
import { type Db, nowIso } from '../db/client.ts';
import { shippingQuotes } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { policies, tryTake } from '../lib/throttle.ts';
import type { PricedCart } from '../orders/cart.ts';
import type { NewOrder } from '../orders/record.ts';
import { readCourierSettings, readFreeShippingThreshold } from '../settings/rows.ts';
import type { CourierAggregator, RateOption, RateRequest } from './aggregator.ts';
import { courierAggregator } from './configured-aggregator.ts';
import { parcelItems, parcelWeight } from './parcel.ts';
import { NO_ZONE_MESSAGE, optionsFor, servicesFor } from './zones.ts';

// Checkout's shipping options (decision 032): the courier aggregator's live rates for the cart's
// parcel when the admin turned them on, else the zones of decision 012. The quote route and the
// order both come here, so the order is priced exactly as the shopper was shown.

/** How long a quote serves the same parcel and destination (the cache) and binds an order as it is. */
export const QUOTE_TTL_MS = 30 * 60 * 1000;
/**
 * Uncached quotes one network (an IPv4 address, an IPv6 /64) may have the aggregator price per
 * window (the throttle's `courierRatesClient`); beyond, and beyond the session's and the shop's
 * own caps, checkout uses the zones.
 */
export const COURIER_RATES_PER_CLIENT = policies.courierRatesClient.limit;
/**
 * Couriers bill by the started kilogram (decision 037): a quote is asked and cached for the
 * parcel's weight rounded up to this step, so every cart of that step to that postal code shares it.
 */
export const WEIGHT_STEP_GRAMS = 1000;
/** Checkout waits this long for the aggregator before it falls back to the zones. */
export const RATES_TIMEOUT_MS = 3000;
/** The order's shipping_zone for a courier's rate (there is no zone). */
export const COURIER_ZONE = 'Kurir langsung';
export const LIVE_RATES_FAILED =
  'Tarif kurir langsung sedang tidak tersedia. Ongkos kirim memakai tarif zona toko.';
export const QUOTE_CHANGED =
  'Ongkos kirim perlu dihitung ulang karena tarif kurir berubah. Silakan pilih layanan pengiriman lagi.';
const SERVICE_UNAVAILABLE = 'Layanan pengiriman tidak tersedia untuk alamat ini. Silakan pilih ulang.';

/** Where the parcel goes: the regency picks the zone, the postal code the courier's rate. */
export interface Destination {
  regencyCode: string;
  /** Null for an old client that sends none: the zones answer. */
  postalCode: string | null;
}

type Cart = Pick<PricedCart, 'parcel' | 'itemCount' | 'subtotal'>;

/** What live rates ask for this cart and destination; `live` is null when they are off. */
interface Parcel {
  weightGrams: number;
  /** `weightGrams` is the step priced (the parcel's weight rounded up to WEIGHT_STEP_GRAMS). */
  live: { aggregator: CourierAggregator; request: RateRequest; cacheKey: string; weightGrams: number } | null;
}

/** Who asks for a quote: the network (clientIp) and, when signed in, the account. */
export interface Asker {
  clientIp: string;
  /** The signed-in user's id (the access token's subject); null for a guest. */
  sessionId: string | null;
}

/** A stored quote: its id (what the order names) and the aggregator's options. */
interface Quote {
  id: string;
  rates: RateOption[];
  expiresAt: string;
}

/** The option id the shopper picks and the order names: '<courier>:<service>' ('jne:reg'). */
const optionId = (rate: Pick<RateOption, 'courierCode' | 'serviceCode'>) =>
  `${rate.courierCode}:${rate.serviceCode}`;

/**
 * The parcel from D1's weights plus the admin's packaging, and the live-rate request when the
 * settings are on, an aggregator is configured and the destination has a postal code.
 */
async function parcelFor(db: Db, env: Env, destination: Destination, cart: Cart): Promise<Parcel> {
  const settings = await readCourierSettings(db);
  const items = parcelItems(cart.parcel, settings?.packagingWeightGrams ?? 0);
  const weightGrams = parcelWeight(items);
  const aggregator = settings?.enabled ? courierAggregator(env) : null;
  if (!settings || !aggregator || destination.postalCode === null) return { weightGrams, live: null };
  const couriers = [...settings.couriers].sort();
  const step = Math.max(1, Math.ceil(weightGrams / WEIGHT_STEP_GRAMS)) * WEIGHT_STEP_GRAMS;
  const request: RateRequest = {
    originPostalCode: settings.origin.postalCode,
    destinationPostalCode: destination.postalCode,
    couriers,
    // Priced at the step's top: never less than what the courier bills any parcel of the step.
    items:
      step > weightGrams
        ? [...items, { name: 'Pembulatan berat', value: 0, quantity: 1, weightGrams: step - weightGrams }]
        : items,
    timeoutMs: RATES_TIMEOUT_MS,
  };
  // Boxes change a courier's volumetric weight: a digest of them keeps the key short.
  const boxes = items
    .filter((item) => item.lengthCm && item.widthCm && item.heightCm)
    .map((item) => [item.quantity, item.lengthCm, item.widthCm, item.heightCm]);
  const cacheKey = [
    aggregator.provider,
    request.originPostalCode,
    request.destinationPostalCode,
    step,
    couriers.join(','),
    ...(boxes.length > 0 ? [(await sha256(JSON.stringify(boxes))).slice(0, 16)] : []),
  ].join('|');
  return { weightGrams, live: { aggregator, request, cacheKey, weightGrams: step } };
}

const asQuote = (row: { id: string; options: string; expiresAt: string }): Quote => ({
  id: row.id,
  rates: JSON.parse(row.options) as RateOption[],
  expiresAt: row.expiresAt,
});

/**
 * A quote for the parcel: a cached one still valid (through shipping_quotes_key), else the
 * aggregator's answer, stored. Null when the aggregator fails or prices nothing: logged as one
 * line naming the error's kind and status, never the key or a body.
 */
async function liveQuote(
  db: Db,
  env: Pick<Env, 'DB'>,
  live: NonNullable<Parcel['live']>,
  asker: Asker,
): Promise<Quote | null> {
  const now = nowIso();
  const cached = await db
    .select({ id: shippingQuotes.id, options: shippingQuotes.options, expiresAt: shippingQuotes.expiresAt })
    .from(shippingQuotes)
    .where(and(eq(shippingQuotes.cacheKey, live.cacheKey), gt(shippingQuotes.expiresAt, now)))
    .orderBy(desc(shippingQuotes.expiresAt))
    .limit(1)
    .get();
  if (cached) return asQuote(cached);
  // Each asking is billed: one network, one account, or all of them together, cannot run up the
  // bill. The shop's cap is taken only with the others (one statement): a network or account past
  // its own budget uses up nothing of everyone's.
  const allowed = await tryTake(env.DB, [
    { policy: policies.courierRatesClient, subject: asker.clientIp },
    ...(asker.sessionId ? [{ policy: policies.courierRatesSession, subject: asker.sessionId }] : []),
    { policy: policies.courierRatesShop, subject: 'shop' },
  ]);
  if (!allowed) {
    console.warn(JSON.stringify({ event: 'courier_rates_throttled', provider: live.aggregator.provider }));
    return null;
  }
  let rates: RateOption[];
  try {
    rates = await live.aggregator.rates(live.request);
  } catch (err) {
    const { name, status, code } = err as { name?: string; status?: number; code?: number };
    console.warn(
      JSON.stringify({
        event: 'courier_rates_failed',
        provider: live.aggregator.provider,
        error: name ?? 'Error',
        status: status ?? null,
        code: code ?? null,
      }),
    );
    return null;
  }
  if (rates.length === 0) {
    console.warn(JSON.stringify({ event: 'courier_rates_empty', provider: live.aggregator.provider }));
    return null;
  }
  const quote: Quote = {
    id: crypto.randomUUID(),
    rates,
    expiresAt: new Date(Date.now() + QUOTE_TTL_MS).toISOString(),
  };
  await db.insert(shippingQuotes).values({
    id: quote.id,
    cacheKey: live.cacheKey,
    provider: live.aggregator.provider,
    weightGrams: live.weightGrams,
    destinationPostalCode: live.request.destinationPostalCode,
    options: JSON.stringify(rates),
    expiresAt: quote.expiresAt,
  });
  return quote;
}

/** Decision 012's threshold holds for couriers too: items reaching it ship free. */
const courierFee = (price: number, cart: Cart, threshold: number | null) =>
  threshold !== null && cart.subtotal >= threshold ? 0 : price;

/**
 * The courier options, cheapest first (ties: fastest first); 'cheapest' and 'fastest' tag the
 * first option with the lowest fee and the first with the shortest estimate, when another differs.
 */
function courierOptions(rates: RateOption[], cart: Cart, threshold: number | null): ShippingQuoteOption[] {
  const sorted = [...rates].sort(
    (a, b) => a.price - b.price || a.etaMaxDays - b.etaMaxDays || a.etaMinDays - b.etaMinDays,
  );
  const options = sorted.map((rate) => ({
    id: optionId(rate),
    name: `${rate.courierName} ${rate.serviceName}`,
    fee: courierFee(rate.price, cart, threshold),
    etaMinDays: rate.etaMinDays,
    etaMaxDays: rate.etaMaxDays,
    courier: {
      code: rate.courierCode,
      name: rate.courierName,
      service: rate.serviceCode,
      serviceName: rate.serviceName,
      // Quotes stored before decision 034 carry no flag: not COD.
      cod: rate.cod === true,
    },
    tags: [] as ShippingOptionTag[],
  }));
  const cheapest = options[0];
  if (cheapest && options.some((o) => o.fee > cheapest.fee)) cheapest.tags.push('cheapest');
  const speed = (o: { etaMinDays: number; etaMaxDays: number }) => o.etaMaxDays * 1000 + o.etaMinDays;
  const fastest = options.reduce<(typeof options)[number] | undefined>(
    (best, o) => (best === undefined || speed(o) < speed(best) ? o : best),
    undefined,
  );
  if (fastest && options.some((o) => speed(o) > speed(fastest))) fastest.tags.push('fastest');
  return options;
}

/** The zones' answer of decision 012; 422 no_shipping_zone when the address is in none. */
async function zoneQuote(
  db: Db,
  destination: Destination,
  cart: Cart,
  weightGrams: number,
  notice: string | null,
): Promise<ShippingQuote> {
  const zone = await servicesFor(db, destination.regencyCode);
  if (!zone) throw new AppError(422, 'no_shipping_zone', NO_ZONE_MESSAGE);
  return {
    zone: zone.zone,
    subtotal: cart.subtotal,
    options: optionsFor(zone, cart),
    source: 'zones',
    quoteId: null,
    notice,
    weightGrams,
  };
}

/**
 * The shipping options for an address and a cart priced from D1: live courier rates when they
 * are on and answer, else the zones (with a notice when live rates failed). Never a dead checkout.
 */
export async function shippingOptions(
  db: Db,
  env: Env,
  destination: Destination,
  cart: Cart,
  asker: Asker,
): Promise<ShippingQuote> {
  const parcel = await parcelFor(db, env, destination, cart);
  if (!parcel.live) return zoneQuote(db, destination, cart, parcel.weightGrams, null);
  const quote = await liveQuote(db, env, parcel.live, asker);
  if (!quote) return zoneQuote(db, destination, cart, parcel.weightGrams, LIVE_RATES_FAILED);
  return {
    zone: COURIER_ZONE,
    subtotal: cart.subtotal,
    options: courierOptions(quote.rates, cart, await readFreeShippingThreshold(db)),
    source: 'courier',
    quoteId: quote.id,
    notice: null,
    weightGrams: parcel.weightGrams,
  };
}

const quoteChanged = () =>
  new AppError(409, SHIPPING_QUOTE_CHANGED, QUOTE_CHANGED, { shippingServiceId: QUOTE_CHANGED });
const serviceUnavailable = () =>
  new AppError(422, 'shipping_service_unavailable', SERVICE_UNAVAILABLE, {
    shippingServiceId: SERVICE_UNAVAILABLE,
  });

/**
 * What the order stores of the shopper's choice, priced again by the server: a zone's service
 * (no `quoteId`), or a courier option of the server's own quote. That quote must be this cart's
 * parcel to this destination from today's origin and couriers (else 409 shipping_quote_changed);
 * once expired it is asked again, and only the same option at the same price goes through.
 */
export async function orderShipping(
  db: Db,
  env: Env,
  destination: Destination,
  cart: Cart,
  choice: { serviceId: string; quoteId: string | undefined },
  asker: Asker,
): Promise<NewOrder['shipping']> {
  if (choice.quoteId === undefined) {
    const zone = await servicesFor(db, destination.regencyCode);
    if (!zone) throw new AppError(422, 'no_shipping_zone', NO_ZONE_MESSAGE);
    const option = optionsFor(zone, cart).find((o) => o.id === choice.serviceId);
    if (!option) throw serviceUnavailable();
    const { name, fee, etaMinDays, etaMaxDays } = option;
    return { zone: zone.zone, service: name, fee, etaMinDays, etaMaxDays };
  }
  const [parcel, row] = await Promise.all([
    parcelFor(db, env, destination, cart),
    db.select().from(shippingQuotes).where(eq(shippingQuotes.id, choice.quoteId)).get(),
  ]);
  if (!row || !parcel.live || row.cacheKey !== parcel.live.cacheKey) throw quoteChanged();
  let quote = asQuote(row);
  let rate = quote.rates.find((r) => optionId(r) === choice.serviceId);
  if (!rate) throw serviceUnavailable();
  if (quote.expiresAt <= nowIso()) {
    const price = rate.price;
    const fresh = await liveQuote(db, env, parcel.live, asker);
    rate = fresh?.rates.find((r) => optionId(r) === choice.serviceId);
    if (!fresh || !rate || rate.price !== price) throw quoteChanged();
    quote = fresh;
  }
  return {
    zone: COURIER_ZONE,
    service: `${rate.courierName} ${rate.serviceName}`,
    fee: courierFee(rate.price, cart, await readFreeShippingThreshold(db)),
    etaMinDays: rate.etaMinDays,
    etaMaxDays: rate.etaMaxDays,
    courier: {
      courierCode: rate.courierCode,
      serviceCode: rate.serviceCode,
      weightGrams: parcel.weightGrams,
      quoteId: quote.id,
      cod: rate.cod === true,
    },
  };
}
