import { adminStatsSchema } from '../schemas/content.ts';
import { adminOnly, endpoint, jsonAnswer } from './define.ts';

export const read = endpoint({
  method: 'get',
  path: '/admin/stats',
  tags: ['Dasbor'],
  summary: 'Kartu dasbor admin dan aktivitas terbaru',
  policy: adminOnly('dashboard'),
  responses: { 200: jsonAnswer(adminStatsSchema, 'Ringkasan toko') },
});
