import { type PaymentSettings, paymentSettingsSchema } from '@gi/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Db, nowIso } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { defaultPaymentSettings, PAYMENT_SETTINGS_KEY } from '../seed/content-defaults.ts';

// The payment settings are one `site_settings` row (JSON): the admin saves them whole.

/** The saved settings, or the defaults when none are saved or the saved ones no longer validate. */
export async function readPaymentSettings(db: Db): Promise<PaymentSettings> {
  const row = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, PAYMENT_SETTINGS_KEY))
    .get();
  if (!row) return defaultPaymentSettings;
  const parsed = paymentSettingsSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : defaultPaymentSettings;
}

export async function writePaymentSettings(db: Db, settings: PaymentSettings): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: PAYMENT_SETTINGS_KEY, value: JSON.stringify(settings) })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: sql`excluded.value`, updatedAt: nowIso() },
    });
}
