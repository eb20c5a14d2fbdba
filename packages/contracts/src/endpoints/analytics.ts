import { analyticsQuerySchema, analyticsSchema } from '../schemas/analytics.ts';
import { adminOnly, endpoint, invalidAnswer, jsonAnswer } from './define.ts';

// Sales analytics (issue 42, decision 055): read from the per-day sums of migration 0052.

export const read = endpoint({
  method: 'get',
  path: '/admin/analytics',
  tags: ['Dasbor'],
  summary:
    'Analitik penjualan (pesanan dibayar) per hari, minggu atau bulan WIB untuk periode pilihan, dibanding periode sebelumnya yang sama panjang',
  policy: adminOnly('reports'),
  request: { query: analyticsQuerySchema },
  example: { query: { from: '2026-11-01', to: '2026-11-30', granularity: 'week' } },
  responses: {
    200: jsonAnswer(analyticsSchema, 'Angka penjualan periode dan pembandingnya'),
    400: invalidAnswer,
  },
});
