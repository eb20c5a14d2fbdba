import { and, eq, gt } from 'drizzle-orm';
import { type Db, nowIso } from '../db/client.ts';
import { postalAreaChecks } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { districtsOf } from '../lib/areas.ts';
import { POSTAL_AREA_KEEP_MS } from '../lib/cleanup.ts';
import { policies, tryTake } from '../lib/throttle.ts';
import { readCourierSettings } from '../settings/rows.ts';
import { courierAggregator } from './configured-aggregator.ts';

// Whether a typed postal code belongs to the chosen district (kecamatan), asked of the courier
// aggregator's area search where live rates are on: the official area list has no postal codes,
// so without it only the province can be checked (checkPostalRegion in the contracts' schema,
// which the quote's input runs first). Never a dead checkout: whatever the aggregator cannot
// say (off, down, throttled, no area for the code) leaves the province check alone.

export const POSTAL_CODE_NOT_IN_DISTRICT = 'Kode pos tidak sesuai dengan kecamatan yang dipilih';

/** Letters and digits only: 'Pasar Minggu', 'PASAR MINGGU' and 'Pasarminggu' are one name. */
const plain = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * True or false as the aggregator's areas answer (cached per district and postal code in D1 for
 * POSTAL_AREA_KEEP_MS), or null when it was not asked or could not tell.
 */
export async function postalCodeInDistrict(
  db: Db,
  env: Env,
  address: { districtCode: string; postalCode: string },
  clientIp: string,
): Promise<boolean | null> {
  const { districtCode, postalCode } = address;
  const settings = await readCourierSettings(db);
  const aggregator = settings?.enabled ? courierAggregator(env) : null;
  const district = districtsOf(districtCode.slice(0, 5))?.find((d) => d.code === districtCode);
  if (!aggregator || !district) return null;

  const since = new Date(Date.now() - POSTAL_AREA_KEEP_MS).toISOString();
  const cached = await db
    .select({ fits: postalAreaChecks.fits })
    .from(postalAreaChecks)
    .where(
      and(
        eq(postalAreaChecks.districtCode, districtCode),
        eq(postalAreaChecks.postalCode, postalCode),
        gt(postalAreaChecks.checkedAt, since),
      ),
    )
    .get();
  if (cached) return cached.fits;

  // Through the one throttle, with the rates: the aggregator's limit is the key's, whatever is asked.
  const allowed = await tryTake(env.DB, [
    { policy: policies.courierAreasClient, subject: clientIp },
    { policy: policies.courierRatesShop, subject: 'shop' },
  ]);
  if (!allowed) {
    console.warn(JSON.stringify({ event: 'courier_areas_throttled', provider: aggregator.provider }));
    return null;
  }
  let areas: Awaited<ReturnType<typeof aggregator.areas>>;
  try {
    areas = (await aggregator.areas(postalCode)).filter((area) => area.postalCode === postalCode);
  } catch (err) {
    const { name, status, code } = err as { name?: string; status?: number; code?: number };
    console.warn(
      JSON.stringify({
        event: 'courier_areas_failed',
        provider: aggregator.provider,
        error: name ?? 'Error',
        status: status ?? null,
        code: code ?? null,
      }),
    );
    return null;
  }
  // A code the aggregator does not know is not proof of a wrong one: the rates will say.
  if (areas.length === 0) return null;
  const fits = areas.some((area) => plain(area.districtName) === plain(district.name));
  const row = { districtCode, postalCode, fits, checkedAt: nowIso() };
  await db
    .insert(postalAreaChecks)
    .values(row)
    .onConflictDoUpdate({
      target: [postalAreaChecks.districtCode, postalAreaChecks.postalCode],
      set: { fits, checkedAt: row.checkedAt },
    });
  return fits;
}
