import { type CourierSettings, courierSettingsSchema } from '@gi/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Db, nowIso } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { COURIER_SETTINGS_KEY } from '../seed/content-defaults.ts';

// The admin's live-rate setup (decision 032): one `site_settings` row (JSON), like the gateway's.

/** The saved setup, or null until the admin saves one (checkout then uses the zones). */
export async function readCourierSettings(db: Db): Promise<CourierSettings | null> {
  const row = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, COURIER_SETTINGS_KEY))
    .get();
  const parsed = row ? courierSettingsSchema.safeParse(JSON.parse(row.value)) : null;
  return parsed?.success ? parsed.data : null;
}

export async function writeCourierSettings(db: Db, settings: CourierSettings): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: COURIER_SETTINGS_KEY, value: JSON.stringify(settings) })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: sql`excluded.value`, updatedAt: nowIso() },
    });
}
