import { contactMessageSchema } from '../schemas/content.ts';
import { endpoint, errorAnswer, invalidAnswer, jsonBody, okAnswer, PUBLIC_ACTION } from './define.ts';

export const send = endpoint({
  method: 'post',
  path: '/contact',
  tags: ['Kontak'],
  summary: 'Kirim pesan dari formulir kontak',
  policy: PUBLIC_ACTION,
  request: { body: jsonBody(contactMessageSchema) },
  example: { body: { name: 'Siti', email: 'siti@contoh.id', subject: 'Tanya stok', message: 'Apakah ada?' } },
  responses: {
    201: okAnswer,
    400: invalidAnswer,
    429: errorAnswer('Terlalu banyak pesan dari alamat ini'),
  },
});
