import { shipmentStatuses } from '@gi/contracts';
import type { Env } from '../env.ts';
import type {
  AggregatorArea,
  BookingRequest,
  CourierAggregator,
  ParcelItem,
  RateOption,
  RateRequest,
  Shipment,
  ShipmentStatus,
} from './aggregator.ts';
import { AggregatorRefused, AggregatorUnavailable } from './aggregator.ts';

// Biteship behind the courier seam. Every field here was checked against Biteship's API docs
// (biteship.com/docs/api: rates/retrieve, orders/create, orders/retrieve, trackings/status, errors).

const BASE_URL = 'https://api.biteship.com';
const RATES_TIMEOUT_MS = 3_000;
const ORDERS_TIMEOUT_MS = 10_000;
/** orders/create: the reference id was used before; `details.order_id` is that order. */
const REFERENCE_USED = 40002060;
/** orders/error: GET /v1/orders/:id of an order Biteship does not know. */
const ORDER_NOT_FOUND = 40002057;

/** When Biteship pays collected cash out: 7 days after delivery (its documented values: 7_days, 5_days, 3_days). */
const COD_PAYOUT = '7_days';

export type BiteshipEnv = Pick<Env, 'BITESHIP_API_URL'>;

type Body = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const record = (value: unknown): Body | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : null;

/**
 * Biteship's status words as one ShipmentStatus: its order statuses are snake_case, its tracking
 * status table camelCase ('pickingUp', 'droppingOff'); both meet by their letters alone
 * ('pickingup'). Null for a word it has not documented.
 */
export function normaliseStatus(value: string): ShipmentStatus | null {
  const letters = value.replace(/[\s_-]/g, '').toLowerCase();
  return (
    shipmentStatuses.find(
      (status): status is ShipmentStatus => status !== 'booking' && status.replace(/_/g, '') === letters,
    ) ?? null
  );
}

/** An unknown status keeps the lowest rank, so it never moves a shipment forward. */
const statusOf = (value: unknown): ShipmentStatus => normaliseStatus(text(value) ?? '') ?? 'confirmed';

/** '+6281234567890' → '081234567890': every phone in Biteship's samples is written the local way. */
function localPhone(phone: string): string {
  return phone.startsWith('+62') ? `0${phone.slice(3)}` : phone;
}

/** Postal codes travel as numbers (rates/retrieve, orders/create); ours are five digits. */
function postalCode(code: string): number {
  if (!/^\d{5}$/.test(code)) throw new AggregatorRefused('Kode pos harus 5 angka', 400, null);
  return Number(code);
}

function itemsOf(items: ParcelItem[]) {
  return items.map((item) => ({
    name: item.name,
    category: 'beauty',
    value: item.value,
    quantity: item.quantity,
    weight: item.weightGrams,
    ...(item.lengthCm ? { length: item.lengthCm } : {}),
    ...(item.widthCm ? { width: item.widthCm } : {}),
    ...(item.heightCm ? { height: item.heightCm } : {}),
  }));
}

/** '1 - 2' days → 1..2; hours (instant, same day) → 0..1 day; anything else → null. */
function etaOf(range: unknown, unit: unknown): { etaMinDays: number; etaMaxDays: number } | null {
  if (unit === 'hours') return { etaMinDays: 0, etaMaxDays: 1 };
  const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(text(range) ?? '');
  if (unit !== 'days' || !match) return null;
  const min = Number(match[1]);
  const max = Number(match[2] ?? match[1]);
  return max >= min ? { etaMinDays: min, etaMaxDays: max } : null;
}

/** One `pricing[]` entry; null when it lacks a code, a positive whole price or a readable duration. */
function rateOf(entry: Body): RateOption | null {
  // Booking sends `company` as courier_company and `type` as courier_type (orders/create).
  const courierCode = text(entry.company) ?? text(entry.courier_code);
  const serviceCode = text(entry.type) ?? text(entry.courier_service_code);
  const price = entry.price;
  const eta = etaOf(entry.shipment_duration_range, entry.shipment_duration_unit);
  if (!courierCode || !serviceCode || !Number.isInteger(price) || (price as number) <= 0 || !eta) return null;
  return {
    courierCode,
    courierName: text(entry.courier_name) ?? courierCode,
    serviceCode,
    serviceName: text(entry.courier_service_name) ?? serviceCode,
    price: price as number,
    ...eta,
    // Only a documented `true` offers COD: an absent or other value never does.
    cod: entry.available_for_cash_on_delivery === true,
  };
}

/** An order answer (create or retrieve) as a Shipment; the request's codes fill what it leaves out. */
function shipmentOf(body: Body, codes?: { courierCode: string; serviceCode: string }): Shipment {
  const courier = record(body.courier) ?? {};
  const id = text(body.id);
  const courierCode = text(courier.company) ?? codes?.courierCode;
  const serviceCode = text(courier.type) ?? codes?.serviceCode;
  const price = body.price;
  if (!id || !courierCode || !serviceCode || !Number.isInteger(price) || (price as number) < 0) {
    throw new AggregatorUnavailable('Jawaban pesanan Biteship tidak terbaca');
  }
  const history = (Array.isArray(courier.history) ? courier.history : [])
    .map(record)
    .flatMap((entry) => {
      const at = text(entry?.updated_at);
      return entry && at && !Number.isNaN(Date.parse(at))
        ? [{ status: statusOf(entry.status), note: text(entry.note) ?? '', at }]
        : [];
    })
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return {
    providerOrderId: id,
    referenceId: text(body.reference_id),
    status: statusOf(body.status),
    waybillId: text(courier.waybill_id),
    trackingId: text(courier.tracking_id),
    trackingUrl: text(courier.link),
    courierCode: courierCode.toLowerCase(),
    serviceCode: serviceCode.toLowerCase(),
    price: price as number,
    history,
  };
}

/** Biteship's answer: its JSON body, or the error the shop can act on. */
interface Answer {
  status: number;
  body: Body;
  /** Biteship's numeric error code (`code` of `{ success: false, error, code }`), when it failed. */
  failure: number | null;
}

export function biteship(env: BiteshipEnv, apiKey: string): CourierAggregator {
  const base = env.BITESHIP_API_URL ?? BASE_URL;
  // The raw key, as the authentication page's example sends it (no scheme).
  const headers = { authorization: apiKey, 'content-type': 'application/json', accept: 'application/json' };

  async function call(method: string, path: string, timeoutMs: number, payload?: unknown): Promise<Answer> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new AggregatorUnavailable(
        err instanceof Error && err.name === 'TimeoutError'
          ? `Biteship tidak menjawab dalam ${timeoutMs} ms`
          : 'Biteship tidak dapat dihubungi',
      );
    }
    const body = record(await res.json().catch(() => null));
    if (!body) throw new AggregatorUnavailable(`Jawaban Biteship tidak terbaca (${res.status})`, res.status);
    const failed = !res.ok || body.success === false;
    const code = Number.isInteger(body.code) ? (body.code as number) : null;
    return { status: res.status, body, failure: failed ? (code ?? 0) : null };
  }

  /** A failure the caller does not handle: refused (4xx with a code) or unavailable. Never the body's text. */
  function fail(answer: Answer): never {
    const { status, failure } = answer;
    const label = `${status}/${failure || '-'}`;
    if (failure && status >= 400 && status < 500 && status !== 429) {
      throw new AggregatorRefused(`Biteship menolak permintaan (${label})`, status, failure);
    }
    throw new AggregatorUnavailable(`Biteship gagal menjawab (${label})`, status);
  }

  async function shipment(providerOrderId: string): Promise<Shipment | null> {
    const answer = await call('GET', `/v1/orders/${encodeURIComponent(providerOrderId)}`, ORDERS_TIMEOUT_MS);
    if (answer.status === 404 || answer.failure === ORDER_NOT_FOUND) return null;
    if (answer.failure !== null) fail(answer);
    return shipmentOf(answer.body);
  }

  return {
    provider: 'biteship',

    async rates(request: RateRequest) {
      const answer = await call('POST', '/v1/rates/couriers', request.timeoutMs ?? RATES_TIMEOUT_MS, {
        origin_postal_code: postalCode(request.originPostalCode),
        destination_postal_code: postalCode(request.destinationPostalCode),
        couriers: request.couriers.join(','),
        items: itemsOf(request.items),
      });
      if (answer.failure !== null) fail(answer);
      const pricing = answer.body.pricing;
      if (!Array.isArray(pricing)) throw new AggregatorUnavailable('Jawaban tarif Biteship tidak terbaca');
      return pricing.flatMap((entry) => {
        const rate = record(entry) && rateOf(entry as Body);
        return rate ? [rate] : [];
      });
    },

    async book(request: BookingRequest) {
      const { origin, destination } = request;
      const answer = await call('POST', '/v1/orders', ORDERS_TIMEOUT_MS, {
        shipper_contact_name: origin.contactName,
        shipper_contact_phone: localPhone(origin.contactPhone),
        ...(origin.contactEmail ? { shipper_contact_email: origin.contactEmail } : {}),
        origin_contact_name: origin.contactName,
        origin_contact_phone: localPhone(origin.contactPhone),
        ...(origin.contactEmail ? { origin_contact_email: origin.contactEmail } : {}),
        origin_address: origin.address,
        origin_postal_code: postalCode(origin.postalCode),
        destination_contact_name: destination.contactName,
        destination_contact_phone: localPhone(destination.contactPhone),
        ...(destination.contactEmail ? { destination_contact_email: destination.contactEmail } : {}),
        destination_address: destination.address,
        destination_postal_code: postalCode(destination.postalCode),
        courier_company: request.courierCode,
        courier_type: request.serviceCode,
        delivery_type: 'now',
        reference_id: request.referenceId,
        // The amount to collect and when Biteship pays it out (orders/create, rates/retrieve:
        // '7_days', '5_days' or '3_days' after delivery); the longest, which every COD courier takes.
        ...(request.cashOnDelivery === undefined
          ? {}
          : {
              destination_cash_on_delivery: request.cashOnDelivery,
              destination_cash_on_delivery_type: COD_PAYOUT,
            }),
        ...(request.note ? { order_note: request.note } : {}),
        items: itemsOf(request.items),
      });
      if (answer.failure === REFERENCE_USED) {
        // Booked before (a retry, a double click): that order is the one shipment.
        const existing = text(record(answer.body.details)?.order_id);
        const found = existing ? await shipment(existing) : null;
        if (!found) throw new AggregatorUnavailable('Pesanan Biteship dengan referensi ini tidak terbaca');
        return found;
      }
      if (answer.failure !== null) fail(answer);
      return shipmentOf(answer.body, request);
    },

    shipment,

    // Maps API, "Retrieve Area" by single search: `{ success, areas: [{ id, name, postal_code,
    // administrative_division_level_1/2/3_name, … }] }`; an area lacking a name or a code is skipped.
    async areas(input: string): Promise<AggregatorArea[]> {
      const query = new URLSearchParams({ countries: 'ID', input, type: 'single' });
      const answer = await call('GET', `/v1/maps/areas?${query}`, RATES_TIMEOUT_MS);
      if (answer.failure !== null) fail(answer);
      const areas = answer.body.areas;
      if (!Array.isArray(areas)) throw new AggregatorUnavailable('Jawaban area Biteship tidak terbaca');
      return areas.flatMap((entry) => {
        const area = record(entry);
        const code = area?.postal_code;
        const postalCode = typeof code === 'number' || typeof code === 'string' ? String(code) : '';
        const provinceName = text(area?.administrative_division_level_1_name);
        const regencyName = text(area?.administrative_division_level_2_name);
        const districtName = text(area?.administrative_division_level_3_name);
        return provinceName && regencyName && districtName && /^\d{5}$/.test(postalCode)
          ? [{ provinceName, regencyName, districtName, postalCode }]
          : [];
      });
    },
  };
}
