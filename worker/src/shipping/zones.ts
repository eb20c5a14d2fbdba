import type {
  ShippingConfig,
  ShippingOption,
  ShippingService,
  shippingConfigInputSchema,
} from '@gi/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { shippingServices, shippingZoneAreas, shippingZones } from '../db/schema.ts';
import { areaName } from '../lib/areas.ts';
import { readFreeShippingThreshold, writeFreeShippingThreshold } from '../settings/rows.ts';
import { saveAudited } from '../settings/store.ts';

/**
 * The fee of one service for a cart: the flat fee plus the per-item fee for every item
 * after the first, or nothing when the items reach the free-shipping threshold.
 */
export function shippingFee(
  service: Pick<ShippingService, 'baseFee' | 'perItemFee'>,
  cart: { itemCount: number; subtotal: number },
  freeShippingThreshold: number | null,
): number {
  if (freeShippingThreshold !== null && cart.subtotal >= freeShippingThreshold) return 0;
  return service.baseFee + service.perItemFee * Math.max(0, cart.itemCount - 1);
}

/** A service read in its answer's shape (the zone it belongs to is not part of it). */
const serviceColumns = {
  id: shippingServices.id,
  name: shippingServices.name,
  baseFee: shippingServices.baseFee,
  perItemFee: shippingServices.perItemFee,
  etaMinDays: shippingServices.etaMinDays,
  etaMaxDays: shippingServices.etaMaxDays,
} satisfies Record<keyof ShippingService, unknown>;

export async function loadShippingConfig(db: Db): Promise<ShippingConfig> {
  const [zones, areas, services] = await db.batch([
    db.select().from(shippingZones).orderBy(asc(shippingZones.position), asc(shippingZones.id)),
    db.select().from(shippingZoneAreas).orderBy(asc(shippingZoneAreas.areaCode)),
    db
      .select({ zoneId: shippingServices.zoneId, service: serviceColumns })
      .from(shippingServices)
      .orderBy(asc(shippingServices.position), asc(shippingServices.id)),
  ]);
  return {
    zones: zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      areas: areas
        .filter((a) => a.zoneId === zone.id)
        .map((a) => ({ code: a.areaCode, name: areaName(a.areaCode) ?? a.areaCode })),
      services: services.filter((s) => s.zoneId === zone.id).map((s) => s.service),
    })),
    freeShippingThreshold: await readFreeShippingThreshold(db),
  };
}

/**
 * Replaces the whole setup in one batch (one D1 transaction): a failure keeps the old one.
 * Zones and services keep the ids they were loaded with (a quote names its service by id);
 * an id that is not saved, or named twice, is a new row's.
 */
export async function saveShippingConfig(
  db: Db,
  input: z.output<typeof shippingConfigInputSchema>,
  actorId: string,
) {
  // The setup as the editor sends it, so the audit trail compares like with like (decision 054).
  const loaded = await loadShippingConfig(db);
  const before = {
    zones: loaded.zones.map(({ id, name, areas, services }) => ({
      id,
      name,
      areaCodes: areas.map((area) => area.code),
      services,
    })),
    freeShippingThreshold: loaded.freeShippingThreshold,
  };
  const [zones, services] = await db.batch([
    db.select({ id: shippingZones.id }).from(shippingZones),
    db.select({ id: shippingServices.id }).from(shippingServices),
  ]);
  const keep = (saved: { id: string }[]) => {
    const free = new Set(saved.map((row) => row.id));
    return (id: string | undefined) => {
      if (id === undefined || !free.delete(id)) return crypto.randomUUID();
      return id;
    };
  };
  const zoneId = keep(zones);
  const serviceId = keep(services);
  const zoneRows = input.zones.map((zone, position) => ({
    id: zoneId(zone.id),
    name: zone.name,
    position,
  }));
  const areaRows = input.zones.flatMap((zone, z) =>
    zone.areaCodes.map((areaCode) => ({ areaCode, zoneId: zoneRows[z]?.id as string })),
  );
  const serviceRows = input.zones.flatMap((zone, z) =>
    zone.services.map(({ id, ...service }, position) => ({
      id: serviceId(id),
      zoneId: zoneRows[z]?.id as string,
      position,
      ...service,
    })),
  );
  // One statement per row keeps each far below D1's 100 bound parameters.
  await saveAudited(db, actorId, 'shipping_zones', before, input, [
    db.delete(shippingZones),
    ...zoneRows.map((row) => db.insert(shippingZones).values(row)),
    ...areaRows.map((row) => db.insert(shippingZoneAreas).values(row)),
    ...serviceRows.map((row) => db.insert(shippingServices).values(row)),
    writeFreeShippingThreshold(db, input.freeShippingThreshold),
  ]);
}

export interface ZoneServices {
  zone: string;
  services: ShippingService[];
  freeShippingThreshold: number | null;
}

/**
 * The zone of an address and its services: the zone listing the regency/city wins
 * over the zone listing its province (Jabodetabek inside Jawa Barat and Banten).
 * Null when neither is in any zone.
 */
export async function servicesFor(db: Db, regencyCode: string): Promise<ZoneServices | null> {
  const provinceCode = regencyCode.slice(0, 2);
  const matches = await db
    .select({
      zoneId: shippingZoneAreas.zoneId,
      areaCode: shippingZoneAreas.areaCode,
      name: shippingZones.name,
    })
    .from(shippingZoneAreas)
    .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneAreas.zoneId))
    .where(inArray(shippingZoneAreas.areaCode, [regencyCode, provinceCode]));
  const match = matches.find((m) => m.areaCode === regencyCode) ?? matches[0];
  if (!match) return null;
  const services: ShippingService[] = await db
    .select(serviceColumns)
    .from(shippingServices)
    .where(eq(shippingServices.zoneId, match.zoneId))
    .orderBy(asc(shippingServices.position), asc(shippingServices.id));
  if (services.length === 0) return null;
  return {
    zone: match.name,
    services,
    freeShippingThreshold: await readFreeShippingThreshold(db),
  };
}

/** Each service of the zone priced for this cart. */
export function optionsFor(
  zone: ZoneServices,
  cart: { itemCount: number; subtotal: number },
): ShippingOption[] {
  return zone.services.map((service) => ({
    id: service.id,
    name: service.name,
    fee: shippingFee(service, cart, zone.freeShippingThreshold),
    etaMinDays: service.etaMinDays,
    etaMaxDays: service.etaMaxDays,
  }));
}

export const NO_ZONE_MESSAGE =
  'Maaf, pengiriman ke wilayah ini belum tersedia. Silakan hubungi kami untuk pengiriman khusus.';
