import { type GatewaySettings, gatewayChannels, gatewaySettingsSchema } from '@gi/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Db, nowIso } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';

// The admin's gateway settings: one `site_settings` row (JSON), beside decision 015's 'payment'.

const GATEWAY_SETTINGS_KEY = 'payment_gateway';

/**
 * Until the admin saves: every channel but cards (which the admin enables), and the manual
 * transfer; cash on delivery off until the admin sets its fee and limit (decision 034).
 */
export const defaultGatewaySettings: GatewaySettings = {
  channels: gatewayChannels.filter((channel) => channel !== 'credit_card'),
  manualTransfer: true,
  cod: { enabled: false, fee: 0, maxOrderValue: 0 },
};

export async function readGatewaySettings(db: Db): Promise<GatewaySettings> {
  const row = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, GATEWAY_SETTINGS_KEY))
    .get();
  const parsed = row ? gatewaySettingsSchema.safeParse(JSON.parse(row.value)) : null;
  return parsed?.success ? parsed.data : defaultGatewaySettings;
}

export async function writeGatewaySettings(db: Db, settings: GatewaySettings): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: GATEWAY_SETTINGS_KEY, value: JSON.stringify(settings) })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: sql`excluded.value`, updatedAt: nowIso() },
    });
}
