import { type SiteSettings, siteSettingsSchema } from '@gi/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { defaultSiteSettings } from '../seed/content-defaults.ts';

// One site_settings row per field, so a field added later shows its default until
// the admin saves it, and a stored value that no longer validates falls back too.
const settingKeys = Object.keys(siteSettingsSchema.shape) as (keyof SiteSettings)[];

/** Hero, about and contact content (product.md §10.5): on the server, so every visitor sees the admin's edits. */
export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, settingKeys));
  const settings: Record<string, unknown> = { ...defaultSiteSettings };
  for (const { key, value } of rows) {
    const parsed = siteSettingsSchema.shape[key as keyof SiteSettings].safeParse(JSON.parse(value));
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as SiteSettings;
}
