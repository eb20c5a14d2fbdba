import { giftWrapSettingsSchema } from '../schemas/gifts.ts';
import { adminOnly, endpoint, invalidAnswer, jsonAnswer, jsonBody, SHARED_READ } from './define.ts';

// Gift wrapping's offer (issue 40, decision 045): checkout shows it, the admin sets it. The order
// only asks for wrapping; POST /api/orders prices it from this row.

const tags = ['Pengaturan'];
const wrap = jsonAnswer(giftWrapSettingsSchema, 'Bungkus kado: ditawarkan atau tidak, dan biayanya');

export const readWrap = endpoint({
  method: 'get',
  path: '/gift-wrap',
  tags,
  summary: 'Bungkus kado yang ditawarkan di checkout dan biayanya (0: gratis)',
  policy: SHARED_READ,
  responses: { 200: wrap },
});

export const saveWrap = endpoint({
  method: 'put',
  path: '/admin/settings/gift-wrap',
  tags,
  summary: "Simpan 'Biaya bungkus kado' dan apakah bungkus kado ditawarkan",
  policy: adminOnly('settings'),
  request: { body: jsonBody(giftWrapSettingsSchema) },
  example: { body: { enabled: true, fee: 10_000 } },
  responses: { 200: wrap, 400: invalidAnswer },
});
