import type { ShipmentStatusName } from '@gi/contracts';

// The seam between the shop and a courier aggregator (docs/decisions/032-courier-rates-and-shipments.md).
// A provider is one adapter (biteship.ts): it prices a parcel per courier and service, books a
// shipment that answers a waybill, and tells what it knows of a shipment. What that does to a
// checkout (rates.ts) or to an order (shipments.ts) lives once, outside the adapter.

/** One line of the parcel: weight per unit in grams, dimensions in centimetres. */
export interface ParcelItem {
  name: string;
  /** Declared value per unit, integer rupiah (couriers' insurance and some couriers need it). */
  value: number;
  quantity: number;
  weightGrams: number;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
}

export interface RateRequest {
  originPostalCode: string;
  destinationPostalCode: string;
  /** Courier codes as the aggregator names them ('jne', 'jnt', 'sicepat', 'anteraja', 'pos', …). */
  couriers: string[];
  items: ParcelItem[];
  /** Abort after this long: checkout falls back to the admin's zones (default 3 s). */
  timeoutMs?: number;
}

/** One courier service priced for the parcel: what the shopper picks and the order keeps. */
export interface RateOption {
  courierCode: string;
  courierName: string;
  serviceCode: string;
  serviceName: string;
  /** The final price to charge, integer rupiah (Biteship's `price`, not `shipping_fee`). */
  price: number;
  etaMinDays: number;
  etaMaxDays: number;
  /** The service collects cash on delivery (Biteship's `available_for_cash_on_delivery`). */
  cod: boolean;
}

/** A party of the shipment: who gives or receives the parcel, where. */
export interface ShipmentParty {
  contactName: string;
  /** E.164 '+62…' as the shop stores it. */
  contactPhone: string;
  contactEmail?: string | null;
  address: string;
  postalCode: string;
}

export interface BookingRequest {
  /** Our order id: the aggregator refuses a second order with the same reference (one shipment). */
  referenceId: string;
  courierCode: string;
  serviceCode: string;
  origin: ShipmentParty;
  destination: ShipmentParty;
  items: ParcelItem[];
  note?: string | null;
  /** Cash on delivery: the integer rupiah the courier collects from the recipient (decision 034). */
  cashOnDelivery?: number;
}

/**
 * A shipment's status, normalised from the aggregator's words ('picking_up', 'pickingUp'); the
 * contracts' list (with the shop's own 'booking' while the aggregator is asked), whose rank says
 * which way a shipment moves (status-machines.ts).
 */
export type ShipmentStatus = Exclude<ShipmentStatusName, 'booking'>;

/** What the aggregator knows of one shipment (never taken from a webhook alone). */
export interface Shipment {
  /** The aggregator's order id. */
  providerOrderId: string;
  referenceId: string | null;
  status: ShipmentStatus;
  /** The resi; null until the courier assigns it. */
  waybillId: string | null;
  trackingId: string | null;
  /** A public tracking page, when the aggregator gives one. */
  trackingUrl: string | null;
  courierCode: string;
  serviceCode: string;
  /** Integer rupiah the aggregator charges the shop. */
  price: number;
  /** Oldest first: each status the parcel reached, with the courier's note. */
  history: { status: ShipmentStatus; note: string; at: string }[];
}

/**
 * One area of the aggregator's map (Biteship Maps, GET /v1/maps/areas): a district (kecamatan)
 * with one of its postal codes, named as the aggregator names it.
 */
export interface AggregatorArea {
  provinceName: string;
  regencyName: string;
  districtName: string;
  postalCode: string;
}

export interface CourierAggregator {
  /** 'biteship': stored with each shipment so a second provider never reads another's ids. */
  provider: string;
  rates(request: RateRequest): Promise<RateOption[]>;
  /** Books the shipment; a reference booked before answers that shipment, not a second one. */
  book(request: BookingRequest): Promise<Shipment>;
  /** The shipment as the aggregator knows it now; null when it knows no such order. */
  shipment(providerOrderId: string): Promise<Shipment | null>;
  /** The areas whose names or postal code match `input` (a postal code: the districts it serves). */
  areas(input: string): Promise<AggregatorArea[]>;
}

/**
 * The aggregator did not answer usefully: network, timeout, 5xx, an unexpected body. Carries
 * the HTTP status and the provider's numeric code only, never the key or the request.
 */
export class AggregatorUnavailable extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'AggregatorUnavailable';
  }
}

/** The aggregator refused the request itself (4xx with a code): asking again will not help. */
export class AggregatorRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'AggregatorRefused';
  }
}
