// A local stand-in for Biteship (issue 31, docs/decisions/032-courier-rates-and-shipments.md), run
// by scripts/start.mjs so `npm start` and the journeys ship parcels with no account and no network.
// It speaks the subset of Biteship's API the shop uses, with the paths and answer shapes of
// Biteship's documented samples: POST /v1/rates/couriers, POST /v1/orders, GET /v1/orders/:id,
// POST /v1/orders/:id/cancel, GET /v1/trackings/:id (and the public /v1/trackings/:waybill/couriers/:code),
// GET /v1/maps/areas (the area search by postal code, simplified: see mapsAreas).
// Rates depend on the parcel's weight and on the distance between the postal codes' regions.
// A tester advances a waybill on its Indonesian page (or POST /_simulator/orders/:id/advance);
// each step posts an `order.status` webhook to the shop. Local only: nothing in the Worker
// imports it, so neither the production bundle nor the deploy dry run contains it.
//   node scripts/courier-simulator.mjs --port 9789 --shop http://127.0.0.1:8787 --key <api key>
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { escapeHtml } from '../packages/contracts/src/html.ts';
import { readBody, rupiah, send, simulatorOptions } from './simulator-http.mjs';

const values = simulatorOptions('courier-simulator', '9789');
const { key: apiKey, base } = values;
const webhookUrl = `${values.shop}/api/shipping/biteship/webhook`;
/** Bookings listed on the page: the newest ones. */
const PAGE_SIZE = 50;

/**
 * Where parcels go, by the postal code's first digit (two for region 9, which spans Sulawesi,
 * Maluku and Papua): a rough longitude/latitude of each region's main sorting hub.
 */
const SULAWESI_SELATAN = { name: 'Sulawesi Selatan', at: [119.43, -5.14] };
const REGIONS = {
  1: { name: 'DKI Jakarta dan sekitarnya', at: [106.83, -6.2] },
  2: { name: 'Sumatera Utara', at: [98.67, 3.59] },
  3: { name: 'Sumatera Selatan', at: [104.75, -2.98] },
  4: { name: 'Jawa Barat', at: [107.61, -6.91] },
  5: { name: 'Jawa Tengah', at: [110.42, -6.99] },
  6: { name: 'Jawa Timur', at: [112.75, -7.25] },
  7: { name: 'Kalimantan', at: [116.1, -1.24] },
  8: { name: 'Bali dan Nusa Tenggara', at: [115.22, -8.65] },
  90: SULAWESI_SELATAN,
  91: SULAWESI_SELATAN,
  92: SULAWESI_SELATAN,
  93: { name: 'Sulawesi Tenggara', at: [122.51, -3.97] },
  94: { name: 'Sulawesi Tengah', at: [119.87, -0.9] },
  95: { name: 'Sulawesi Utara', at: [124.84, 1.47] },
  96: { name: 'Gorontalo', at: [123.06, 0.54] },
  97: { name: 'Maluku', at: [128.18, -3.7] },
  98: { name: 'Papua Barat', at: [134.06, -0.86] },
  99: { name: 'Papua', at: [140.72, -2.53] },
};

/** A five-digit postal code's region, or null (Biteship: 40001001). */
function regionOf(postalCode) {
  const code = String(postalCode ?? '');
  if (!/^[1-9]\d{4}$/.test(code)) return null;
  return REGIONS[code[0]] ?? REGIONS[code.slice(0, 2)] ?? null;
}

/** Kilometres between two postal codes: great-circle between hubs, a city's own width when equal. */
function distanceKm(from, to) {
  const [a, b] = [regionOf(from), regionOf(to)];
  if (a === b) return String(from).slice(0, 3) === String(to).slice(0, 3) ? 10 : 60;
  const rad = (deg) => (deg * Math.PI) / 180;
  const [lon1, lat1] = a.at.map(rad);
  const [lon2, lat2] = b.at.map(rad);
  const h =
    Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)));
}

/**
 * The couriers it prices, with the codes and names of Biteship's courier list (couriers/overview):
 * each service's tariff is a factor of the base tariff per kg; `days` is added to the distance's
 * transit time, `maxKm` limits an express service to where it can arrive the next day; `cod`
 * marks the services that collect cash on delivery (rates' `available_for_cash_on_delivery`):
 * the regular ones here, never the next-day or POS services, so checkout shows both cases.
 */
const SERVICES = [
  {
    company: 'jne',
    courier: 'JNE',
    code: 'reg',
    name: 'Reguler',
    factor: 1,
    days: 0,
    cod: true,
    description: 'Layanan reguler',
  },
  {
    company: 'jne',
    courier: 'JNE',
    code: 'yes',
    name: 'YES',
    factor: 1.8,
    next: true,
    maxKm: 1500,
    description: 'Yakin esok sampai',
  },
  {
    company: 'jnt',
    courier: 'J&T',
    code: 'ez',
    name: 'EZ',
    factor: 0.97,
    days: 0,
    cod: true,
    description: 'Layanan reguler',
  },
  {
    company: 'sicepat',
    courier: 'SiCepat',
    code: 'reg',
    name: 'Reguler',
    factor: 0.95,
    days: 0,
    cod: true,
    description: 'Layanan reguler',
  },
  {
    company: 'sicepat',
    courier: 'SiCepat',
    code: 'best',
    name: 'Besok Sampai Tujuan',
    factor: 1.6,
    next: true,
    maxKm: 1200,
    description: 'Besok sampai tujuan',
  },
  {
    company: 'anteraja',
    courier: 'AnterAja',
    code: 'reg',
    name: 'Reguler',
    factor: 0.92,
    days: 1,
    cod: true,
    description: 'Regular shipment',
  },
  {
    company: 'pos',
    courier: 'POS Indonesia',
    code: 'kilat_khusus',
    name: 'Kilat Khusus',
    factor: 1.05,
    days: 1,
    description: 'Layanan kilat khusus',
  },
];

/** Chargeable kilograms: actual or volumetric (l × w × h / 6000) grams, whichever is more, rounded up. */
function chargeableKg(items) {
  const grams = items.reduce((sum, item) => {
    const volumetric = ((item.length ?? 0) * (item.width ?? 0) * (item.height ?? 0)) / 6;
    return sum + Math.max(Number(item.weight), volumetric) * Number(item.quantity);
  }, 0);
  return Math.max(1, Math.ceil(grams / 1000));
}

/** One service priced for a route and weight, as a `pricing[]` entry of Biteship's sample; null where it does not go. */
function quote(service, km, kg) {
  if (service.maxKm && km > service.maxKm) return null;
  const perKg = 8000 + km * 20;
  const price = Math.ceil((perKg * service.factor * kg) / 500) * 500;
  const min = service.next ? 1 : 1 + service.days + Math.floor(km / 800);
  const max = service.next ? 1 : min + 1 + Math.floor(km / 1500);
  const range = min === max ? `${min}` : `${min} - ${max}`;
  return {
    available_collection_method: ['pickup'],
    available_for_cash_on_delivery: service.cod === true,
    available_for_proof_of_delivery: false,
    available_for_instant_waybill_id: true,
    available_for_insurance: true,
    company: service.company,
    courier_name: service.courier,
    courier_code: service.company,
    courier_service_name: service.name,
    courier_service_code: service.code,
    currency: 'IDR',
    description: service.description,
    duration: `${range} days`,
    shipment_duration_range: range,
    shipment_duration_unit: 'days',
    service_type: service.next ? 'overnight' : 'standard',
    shipping_type: 'parcel',
    shipping_fee: price,
    shipping_fee_discount: 0,
    shipping_fee_surcharge: 0,
    insurance_fee: 0,
    cash_on_delivery_fee: 0,
    price,
    tax_lines: [],
    type: service.code,
  };
}

/** The parcel's items, or null when one lacks a positive weight and quantity (Biteship: 40001002). */
function itemsOf(body) {
  const items = Array.isArray(body.items) ? body.items : [];
  const valid = items.every(
    (item) =>
      item &&
      typeof item.name === 'string' &&
      Number(item.weight) > 0 &&
      Number.isInteger(item.quantity) &&
      item.quantity > 0,
  );
  return items.length > 0 && valid ? items : null;
}

/** Each priced service for a request's couriers, route and parcel. */
function pricing(couriers, from, to, items) {
  const km = distanceKm(from, to);
  const kg = chargeableKg(items);
  return SERVICES.filter((service) => couriers.includes(service.company)).flatMap((service) => {
    const entry = quote(service, km, kg);
    return entry ? [entry] : [];
  });
}

/** Biteship's time format in its samples: '2021-01-11T14:03:41+07:00' (WIB). */
function wib(at = new Date()) {
  return `${new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 19)}+07:00`;
}

const objectId = () => randomBytes(12).toString('hex');
let lastWaybill = 0;
/** 'WYB-' and 13 digits, as Biteship's sandbox waybills; never the same twice. */
function waybill() {
  lastWaybill = Math.max(lastWaybill + 1, Date.now());
  return `WYB-${lastWaybill}`;
}

/** The next step a tester gives a parcel, with the note its history and page show. */
const STEPS = {
  confirmed: { next: 'picked' },
  picked: { next: 'in_transit' },
  in_transit: { next: 'dropping_off' },
  dropping_off: { next: 'delivered', refused: 'return_in_transit' },
  return_in_transit: { next: 'returned' },
};
const LABELS = {
  confirmed: 'Pesanan dikonfirmasi',
  picked: 'Kurir menjemput paket',
  in_transit: 'Dalam perjalanan',
  dropping_off: 'Sedang diantar ke penerima',
  delivered: 'Terkirim',
  return_in_transit: 'Ditolak penerima, kembali ke pengirim',
  returned: 'Dikembalikan ke pengirim',
  cancelled: 'Dibatalkan',
};
/** Biteship's documented payout periods of a COD order (orders/create, rates/retrieve). */
const COD_TYPES = ['7_days', '5_days', '3_days'];
/** Biteship lets an order be cancelled before pickup only (orders/overview). */
const CANCELLABLE = ['confirmed', 'scheduled', 'allocated', 'picking_up'];
const DRIVER = { name: 'Budi Santoso', phone: '6281200000001', plate: 'B 4021 GIM' };

/** Orders by id, in booking order; references already used, to their order. */
const orders = new Map();
const byReference = new Map();

/** The order as GET /v1/orders/:id answers it (orders/retrieve). */
function orderBody(order, message = 'Order successfully retrieved') {
  const picked = order.status !== 'confirmed' && order.status !== 'cancelled';
  return {
    success: true,
    message,
    object: 'order',
    id: order.id,
    draft_order_id: null,
    short_id: order.id.slice(-11),
    shipper: order.shipper,
    origin: order.origin,
    destination: order.destination,
    delivery: {
      datetime: order.createdAt,
      note: null,
      type: 'now',
      distance: order.km,
      distance_unit: 'kilometer',
    },
    voucher: { id: null, name: null, value: null, type: null },
    courier: {
      tracking_id: order.trackingId,
      waybill_id: order.waybillId,
      company: order.company,
      type: order.type,
      name: null,
      phone: null,
      driver_name: picked ? DRIVER.name : null,
      driver_phone: picked ? DRIVER.phone : null,
      driver_photo_url: null,
      driver_plate_number: picked ? DRIVER.plate : null,
      link: `${base}/lacak/${order.trackingId}`,
      insurance: { amount: 0, amount_currency: 'IDR', fee: 0, fee_currency: 'IDR', note: '' },
      history: order.history,
      shipment_fee: order.price,
      routing_code: null,
    },
    reference_id: order.referenceId,
    invoice_id: null,
    items: order.items,
    extra: [],
    currency: 'IDR',
    tax_lines: [],
    price: order.price,
    metadata: {},
    note: order.note,
    tags: [],
    status: order.status,
    ticket_status: null,
  };
}

/** The tracking object of GET /v1/trackings/:id (trackings/retrieve; the sample spells `messsage`). */
function trackingBody(order) {
  const body = orderBody(order);
  return {
    success: true,
    messsage: 'Successfully get tracking info',
    object: 'tracking',
    id: order.trackingId,
    waybill_id: order.waybillId,
    courier: {
      company: order.company,
      driver_name: body.courier.driver_name,
      driver_phone: body.courier.driver_phone,
      driver_photo_url: null,
      driver_plate_number: body.courier.driver_plate_number,
    },
    origin: { contact_name: order.origin.contact_name, address: order.origin.address },
    destination: { contact_name: order.destination.contact_name, address: order.destination.address },
    history: order.history,
    link: body.courier.link,
    order_id: order.id,
    status: order.status,
  };
}

/** Posts the `order.status` webhook, shaped like the payloads Biteship's dashboard logs; answers the shop's HTTP status. */
async function notify(order) {
  const at = order.history.at(-1)?.updated_at ?? wib();
  const picked = order.status !== 'confirmed' && order.status !== 'cancelled';
  try {
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(10_000),
      body: JSON.stringify({
        event: 'order.status',
        order_id: order.id,
        order_price: order.price,
        courier_tracking_id: order.trackingId,
        courier_waybill_id: order.waybillId,
        courier_company: order.company,
        courier_type: order.type,
        courier_driver_name: picked ? DRIVER.name : null,
        courier_driver_phone: picked ? DRIVER.phone : null,
        courier_driver_plate_number: picked ? DRIVER.plate : null,
        courier_driver_photo_url: null,
        courier_link: `${base}/lacak/${order.trackingId}`,
        status: order.status,
        updated_at: new Date(at).toISOString(),
      }),
    });
    if (!res.ok)
      console.error(
        `courier-simulator: webhook ${order.status} for ${order.id}: shop answered ${res.status}`,
      );
    return res.status;
  } catch (err) {
    console.error(`courier-simulator: webhook ${order.status} for ${order.id} failed: ${err.message}`);
    return 0;
  }
}

function moveTo(order, status) {
  order.status = status;
  const note =
    status === 'delivered' && order.cod
      ? `Terkirim, uang COD ${rupiah(order.cod.amount)} diterima kurir`
      : LABELS[status];
  order.history.push({ service_type: order.type, status, note, updated_at: wib() });
}

/** A Biteship error answer: `{ success: false, error, code? }` (errors, orders/create). */
const failure = (error, code, details) => ({
  success: false,
  error,
  ...(code ? { code } : {}),
  ...(details ? { details } : {}),
});

const html = 'text/html; charset=utf-8';
const STYLE = `<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}
button{padding:.5rem .75rem;border-radius:6px;border:1px solid #0a7d3b;background:#0a7d3b;color:#fff;cursor:pointer}
small{color:#666}</style>`;

function listPage() {
  const newest = [...orders.values()].reverse().slice(0, PAGE_SIZE);
  const rows = newest
    .map((order) => {
      const { next, refused } = STEPS[order.status] ?? {};
      const step =
        order.status === 'dropping_off' && order.cod ? 'Terkirim, uang COD diterima' : LABELS[next];
      const action = next
        ? `<form method="post" action="/_simulator/orders/${escapeHtml(order.id)}/advance"><button>Majukan status</button></form><small>Berikutnya: ${escapeHtml(step)}</small>`
        : '';
      // A COD parcel the recipient refuses goes back to the shop (Biteship's return_in_transit, then returned).
      const refuse = refused
        ? `<form method="post" action="/_simulator/orders/${escapeHtml(order.id)}/refuse"><button>Ditolak penerima</button></form>`
        : '';
      return `<tr data-waybill="${escapeHtml(order.waybillId)}"><td><a href="/lacak/${escapeHtml(order.trackingId)}">${escapeHtml(order.waybillId)}</a><br><small>${escapeHtml(order.referenceId ?? '')}</small></td>
<td>${escapeHtml(`${order.company.toUpperCase()} ${order.type.toUpperCase()}`)}</td>
<td>${escapeHtml(order.destination.contact_name)}<br><small>${escapeHtml(String(order.destination.postal_code))}</small></td>
<td>${escapeHtml(rupiah(order.price))}${order.cod ? `<br><small>COD ${escapeHtml(rupiah(order.cod.amount))}</small>` : ''}</td><td>${escapeHtml(LABELS[order.status] ?? order.status)}</td><td>${action}${refuse}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Simulator Kurir</title>${STYLE}</head>
<body><h1>Simulator Kurir (lokal)</h1>
<p>Halaman ini menggantikan Biteship di komputer Anda: tidak ada kurir sungguhan. Setiap pengiriman yang dibuat toko muncul di sini;
tekan <strong>Majukan status</strong> untuk memindahkan paket ke langkah berikutnya (paket COD: terkirim berarti uangnya diterima kurir),
atau <strong>Ditolak penerima</strong> saat paket diantar untuk mengembalikannya ke toko. Toko menerima kabar (webhook) setiap langkah.</p>
${
  newest.length
    ? `<table><thead><tr><th>Resi</th><th>Kurir</th><th>Penerima</th><th>Ongkir</th><th>Status</th><th></th></tr></thead><tbody>
${rows}</tbody></table>`
    : '<p>Belum ada pengiriman.</p>'
}
</body></html>`;
}

function trackingPage(order) {
  const steps = order.history
    .map(
      (step) =>
        `<li>${escapeHtml(step.updated_at.slice(0, 16).replace('T', ' '))} WIB: ${escapeHtml(step.note)}</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lacak ${escapeHtml(order.waybillId)}</title>${STYLE}</head>
<body><h1>Lacak paket ${escapeHtml(order.waybillId)}</h1>
<p>${escapeHtml(`${order.company.toUpperCase()} ${order.type.toUpperCase()}`)} · Status: <strong>${escapeHtml(LABELS[order.status] ?? order.status)}</strong></p>
<ol>${steps}</ol></body></html>`;
}

/** POST /v1/orders: books the parcel, or answers the order that already uses the reference. */
function createOrder(body) {
  const required = [
    'origin_contact_name',
    'origin_contact_phone',
    'origin_address',
    'destination_contact_name',
    'destination_contact_phone',
    'destination_address',
    'courier_company',
    'courier_type',
    'delivery_type',
  ];
  const items = itemsOf(body);
  if (required.some((field) => typeof body[field] !== 'string' || body[field] === '') || !items) {
    return [400, failure('Required parameter is missing')];
  }
  if (!regionOf(body.origin_postal_code) || !regionOf(body.destination_postal_code)) {
    return [400, failure('Postal code is invalid', 40002020)];
  }
  const reference = typeof body.reference_id === 'string' ? body.reference_id : null;
  const used = reference && orders.get(byReference.get(reference));
  if (used) {
    return [
      400,
      failure('Reference id has already been used before. Please input other reference id', 40002060, {
        order_id: used.id,
        waybill_id: used.waybillId,
        reference_id: reference,
      }),
    ];
  }
  const service = SERVICES.find(
    (entry) => entry.company === body.courier_company && entry.code === body.courier_type,
  );
  const priced =
    service &&
    quote(service, distanceKm(body.origin_postal_code, body.destination_postal_code), chargeableKg(items));
  if (!priced) return [400, failure('No courier available for requested location', 40001010)];
  // Cash on delivery (orders/create): the amount to collect and when it is paid out.
  const codAmount = body.destination_cash_on_delivery;
  const cod =
    codAmount === undefined || codAmount === null
      ? null
      : { amount: codAmount, type: body.destination_cash_on_delivery_type };
  if (cod && (!Number.isInteger(cod.amount) || cod.amount <= 0 || !COD_TYPES.includes(cod.type))) {
    return [400, failure('Cash on delivery amount or type is invalid')];
  }
  if (cod && !service.cod) return [400, failure('Courier does not support cash on delivery')];
  const order = {
    id: objectId(),
    trackingId: objectId(),
    waybillId: waybill(),
    referenceId: reference,
    company: service.company,
    type: service.code,
    price: priced.price,
    km: distanceKm(body.origin_postal_code, body.destination_postal_code),
    createdAt: wib(),
    note: body.order_note ?? null,
    shipper: {
      name: body.shipper_contact_name ?? null,
      email: body.shipper_contact_email ?? null,
      phone: body.shipper_contact_phone ?? null,
      organization: body.shipper_organization ?? null,
    },
    origin: {
      contact_name: body.origin_contact_name,
      contact_phone: body.origin_contact_phone,
      address: body.origin_address,
      note: body.origin_note ?? null,
      postal_code: Number(body.origin_postal_code),
    },
    destination: {
      contact_name: body.destination_contact_name,
      contact_phone: body.destination_contact_phone,
      contact_email: body.destination_contact_email ?? null,
      address: body.destination_address,
      note: body.destination_note ?? null,
      postal_code: Number(body.destination_postal_code),
    },
    items: items.map((item) => ({
      name: item.name,
      description: item.description ?? null,
      sku: item.sku ?? null,
      value: item.value,
      quantity: item.quantity,
      length: item.length ?? null,
      width: item.width ?? null,
      height: item.height ?? null,
      weight: item.weight,
    })),
    cod,
    status: 'confirmed',
    history: [],
  };
  moveTo(order, 'confirmed');
  orders.set(order.id, order);
  if (reference) byReference.set(reference, order.id);
  // The create answer of orders/create carries no history; GET /v1/orders/:id does.
  const { courier, ...created } = orderBody(order, 'Order successfully created');
  const { history: _history, shipment_fee: _fee, ...createdCourier } = courier;
  return [200, { ...created, courier: createdCourier }];
}

/**
 * One step forward (or, `refused`, the recipient turns the parcel away while it is being
 * delivered), and its webhook; answers the status and the shop's HTTP status, or an error.
 */
async function advance(order, refused = false) {
  const next = refused ? STEPS[order.status]?.refused : STEPS[order.status]?.next;
  if (!next) return [409, { error: `Status ${order.status} tidak dapat dimajukan ke sana` }];
  moveTo(order, next);
  const webhook = await notify(order);
  return [200, { id: order.id, waybill_id: order.waybillId, status: order.status, webhook }];
}

/** The official areas the shop uses too (idn-area-data, compacted into the Worker's areas.json). */
const officialAreas = JSON.parse(
  readFileSync(new URL('../worker/src/data/areas.json', import.meta.url), 'utf8'),
);

/**
 * Regencies whose postal codes start with these three digits (inclusive ranges): Jakarta's cities
 * and Kota Bandung, the places the local journeys and seeds use.
 */
const POSTAL_RANGES = [
  ['31.01', 145, 145],
  ['31.71', 101, 107],
  ['31.72', 141, 144],
  ['31.73', 111, 118],
  ['31.74', 121, 129],
  ['31.75', 131, 139],
  ['32.73', 401, 406],
];

/**
 * Maps API's area search for a postal code (GET /v1/maps/areas?countries=ID&input=…&type=single),
 * answered with the shape of Biteship's areas, kept simple: a postal code belongs to every district
 * of a regency whose range its first three digits fall in (real codes are per village). A code of
 * no range above answers no area, and the shop then checks only the province.
 */
function mapsAreas(input) {
  if (!/^[1-9]\d{4}$/.test(input)) return [];
  const prefix = Number(input.slice(0, 3));
  return POSTAL_RANGES.filter(([, from, to]) => prefix >= from && prefix <= to).flatMap(([regencyCode]) => {
    const provinceCode = regencyCode.slice(0, 2);
    const province = officialAreas.provinces.find(([code]) => code === provinceCode)?.[1] ?? '';
    const regency = officialAreas.regencies[provinceCode]?.find(([code]) => code === regencyCode)?.[1] ?? '';
    return (officialAreas.districts[regencyCode] ?? []).map(([code, district]) => ({
      id: `IDSIM${code.replaceAll('.', '')}${input}`,
      name: `${district}, ${regency}, ${province}. ${input}`,
      country_name: 'Indonesia',
      country_code: 'ID',
      administrative_division_level_1_name: province,
      administrative_division_level_1_type: 'province',
      administrative_division_level_2_name: regency,
      administrative_division_level_2_type: 'city',
      administrative_division_level_3_name: district,
      administrative_division_level_3_type: 'district',
      postal_code: Number(input),
    }));
  });
}

const authorised = (req) => req.headers.authorization === apiKey;

async function handle(req, res) {
  const url = new URL(req.url ?? '/', base);
  const path = url.pathname;

  if (req.method === 'GET' && path === '/') return send(res, 200, listPage(), html);
  const tracking = /^\/lacak\/([^/]+)$/.exec(path);
  if (req.method === 'GET' && tracking) {
    const order = [...orders.values()].find((entry) => entry.trackingId === tracking[1]);
    return order
      ? send(res, 200, trackingPage(order), html)
      : send(res, 404, '<p>Paket tidak ditemukan</p>', html);
  }
  const step = /^\/_simulator\/orders\/([^/]+)\/(advance|refuse)$/.exec(path);
  if (req.method === 'POST' && step) {
    const order = orders.get(decodeURIComponent(step[1]));
    const [status, body] = order
      ? await advance(order, step[2] === 'refuse')
      : [404, { error: 'Pengiriman tidak ditemukan' }];
    // The page's form comes back to the list; a script reads the JSON.
    if (req.headers.accept?.includes('text/html')) {
      res.writeHead(303, { location: '/' });
      return res.end();
    }
    return send(res, status, body);
  }

  if (!path.startsWith('/v1/')) return send(res, 404, failure('Not found'));
  if (!authorised(req)) return send(res, 401, failure('Authorization failed', 40101001));

  if (req.method === 'POST' && path === '/v1/rates/couriers') {
    const body = JSON.parse((await readBody(req)) || '{}');
    const items = itemsOf(body);
    if (typeof body.couriers !== 'string' || !items) {
      return send(res, 400, failure('Get pricing failed caused by missing parameter(s)', 40001002));
    }
    const from = body.origin_postal_code;
    const to = body.destination_postal_code;
    if (!regionOf(from) || !regionOf(to)) {
      return send(res, 400, failure('Failed due to invalid or not available postal code', 40001001));
    }
    // Instant couriers (gojek, grab) need coordinates, which the shop never sends: not priced.
    const entries = pricing(
      body.couriers.split(',').map((code) => code.trim()),
      from,
      to,
      items,
    );
    if (entries.length === 0) {
      return send(res, 400, failure('No courier available for requested location', 40001010));
    }
    const place = (code) => ({
      location_id: null,
      latitude: null,
      longitude: null,
      postal_code: Number(code),
      country_name: 'Indonesia',
      country_code: 'ID',
      administrative_division_level_1_name: regionOf(code).name,
      administrative_division_level_1_type: 'province',
      address: null,
    });
    return send(res, 200, {
      success: true,
      object: 'courier_pricing',
      message: 'Success to retrieve courier pricing',
      code: 20001007,
      origin: place(from),
      destination: place(to),
      pricing: entries,
    });
  }

  if (req.method === 'GET' && path === '/v1/maps/areas') {
    return send(res, 200, { success: true, areas: mapsAreas(url.searchParams.get('input') ?? '') });
  }

  if (req.method === 'POST' && path === '/v1/orders') {
    const [status, body] = createOrder(JSON.parse((await readBody(req)) || '{}'));
    return send(res, status, body);
  }

  const one = /^\/v1\/orders\/([^/]+)(\/cancel)?$/.exec(path);
  if (one) {
    const order = orders.get(decodeURIComponent(one[1]));
    if (!order) return send(res, 404, failure('Order not found', 40002057));
    if (req.method === 'GET' && !one[2]) return send(res, 200, orderBody(order));
    if (req.method === 'POST' && one[2]) {
      const body = JSON.parse((await readBody(req)) || '{}');
      if (!CANCELLABLE.includes(order.status)) {
        return send(res, 400, failure(`Order with status ${order.status} cannot be cancelled`));
      }
      moveTo(order, 'cancelled');
      await notify(order);
      return send(res, 200, {
        success: true,
        message: 'Order successfully deleted',
        object: 'order',
        id: order.id,
        status: 'cancelled',
        cancellation_reason_code: body.cancellation_reason_code ?? 'others',
        cancellation_reason: body.cancellation_reason ?? null,
      });
    }
  }

  const track = /^\/v1\/trackings\/([^/]+)(?:\/couriers\/([^/]+))?$/.exec(path);
  if (req.method === 'GET' && track) {
    const [, id, courier] = track;
    const order = [...orders.values()].find((entry) =>
      courier ? entry.waybillId === id && entry.company === courier : entry.trackingId === id,
    );
    return order ? send(res, 200, trackingBody(order)) : send(res, 404, failure('Tracking not found'));
  }

  return send(res, 404, failure('Not found'));
}

const server = createServer(async (req, res) => {
  try {
    await handle(req, res);
  } catch (err) {
    console.error(`courier-simulator: ${err.message}`);
    if (!res.headersSent)
      send(
        res,
        err instanceof SyntaxError ? 400 : 500,
        failure(err instanceof SyntaxError ? 'Invalid JSON body' : 'Simulator error'),
      );
  }
});

server.listen(Number(values.port), '127.0.0.1', () => {
  console.log(`Simulator kurir (pengganti Biteship): ${base}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
