import { auditPageSchema, auditQuerySchema } from '../schemas/audit.ts';
import { adminOnly, endpoint, invalidAnswer, jsonAnswer } from './define.ts';

// The audit trail (issue 42, decision 054): read only; no endpoint changes or removes a row.

export const list = endpoint({
  method: 'get',
  path: '/admin/audit',
  tags: ['Log Aktivitas'],
  summary:
    'Log aktivitas staf, terbaru lebih dulu: siapa, kapan, data apa, sebelum dan sesudah; filter staf, jenis, ID dan tanggal (WIB)',
  // The owner's alone (the permission only the owner holds, decision 052).
  policy: adminOnly('staff'),
  request: { query: auditQuerySchema },
  example: { query: { entityType: 'product', from: '2026-11-01', to: '2026-11-30', pageSize: '25' } },
  responses: { 200: jsonAnswer(auditPageSchema, 'Satu halaman log'), 400: invalidAnswer },
});
