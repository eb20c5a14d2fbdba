import { type GiftWrapSettings, giftWrapSettingsSchema } from '@gi/contracts';
import { api } from '@gi/contracts/api';
import { type ToggleSetting, ToggleSettingCard } from './toggle-setting-card.tsx';

/** '10.000' or '10000' as rupiah; anything else stays text, which the schema refuses in Indonesian. */
const rupiahOf = (text: string): unknown => {
  const digits = text.trim().replace(/\./g, '');
  return /^-?\d+$/.test(digits) ? Number(digits) : text;
};

const giftWrap: ToggleSetting<GiftWrapSettings> = {
  id: 'gift-wrap-title',
  title: 'Bungkus Kado',
  subject: 'bungkus kado',
  // The offer checkout reads too (GET /api/gift-wrap).
  query: { queryKey: ['gift-wrap'], queryFn: () => api('GET /gift-wrap') },
  save: (body) => api('PUT /admin/settings/gift-wrap', { body }),
  schema: giftWrapSettingsSchema,
  toggle: 'Tawarkan bungkus kado di checkout',
  field: {
    label: 'Biaya bungkus kado (Rp)',
    name: 'giftWrapFee',
    hint: 'Ditambahkan ke pesanan sebagai baris tersendiri; 0 berarti gratis',
  },
  shown: (value) => String(value.fee),
  read: (enabled, typed) => ({ enabled, fee: rupiahOf(typed) }),
};

/** 'Biaya bungkus kado' (decision 045): whether checkout offers gift wrapping, and its fee. */
export const GiftWrapEditor = () => <ToggleSettingCard setting={giftWrap} />;
