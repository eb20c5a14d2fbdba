import { type SampleCreditSettings, sampleCreditSettingsSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { type ToggleSetting, ToggleSettingCard } from './toggle-setting-card.tsx';

/** Whole days as a number; anything else stays text, which the schema refuses in Indonesian. */
const daysOf = (text: string): unknown => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

const sampleCredit: ToggleSetting<SampleCreditSettings> = {
  id: 'sample-credit-title',
  title: 'Kredit Sampel',
  subject: 'Kredit Sampel',
  // The offer the storefront reads too (GET /api/sample-credit).
  query: { queryKey: ['sample-credit'], queryFn: () => api('GET /sample-credit') },
  save: (body) => api('PUT /admin/settings/sample-credit', { body }),
  schema: sampleCreditSettingsSchema,
  toggle: 'Beri Kredit Sampel untuk sampel dan set discovery',
  field: {
    label: 'Masa berlaku (hari)',
    name: 'sampleCreditValidDays',
    hint: 'Dihitung sejak pesanan sampel diterima; berlaku untuk kredit yang diberikan setelah disimpan',
  },
  shown: (value) => String(value.validDays),
  read: (enabled, typed) => ({ enabled, validDays: daysOf(typed) }),
};

/**
 * 'Kredit Sampel' (decision 061 part B): whether a sample or a discovery set bought gives credit
 * toward a full bottle of the same scent, and for how many days after its order is delivered.
 */
export const SampleCreditEditor = () => <ToggleSettingCard setting={sampleCredit} />;
