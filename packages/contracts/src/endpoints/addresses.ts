import { z } from 'zod';
import { savedAddressInputSchema, savedAddressSchema } from '../schemas/shipping.ts';
import {
  CUSTOMER,
  EXAMPLE_ADDRESS,
  EXAMPLE_IDS,
  endpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
} from './define.ts';

const tags = ['Alamat'];
const address = jsonAnswer(savedAddressSchema, 'Alamat tersimpan');
const addressId = z.object({ id: z.string().max(100) });
const missing = errorAnswer('Alamat tidak ditemukan');

export const list = endpoint({
  method: 'get',
  path: '/addresses',
  tags,
  summary: 'Buku alamat pelanggan, alamat utama lebih dulu',
  policy: CUSTOMER,
  responses: { 200: jsonAnswer(z.object({ items: z.array(savedAddressSchema) }), 'Alamat') },
});

export const create = endpoint({
  method: 'post',
  path: '/addresses',
  tags,
  summary: 'Simpan alamat baru (yang pertama menjadi alamat utama)',
  policy: CUSTOMER,
  request: { body: jsonBody(savedAddressInputSchema) },
  example: { body: { ...EXAMPLE_ADDRESS, isDefault: true } },
  responses: { 201: address, 400: invalidAnswer, 409: errorAnswer('Batas alamat tersimpan tercapai') },
});

export const update = endpoint({
  method: 'put',
  path: '/addresses/{id}',
  tags,
  summary: 'Ubah alamat',
  policy: CUSTOMER,
  request: { params: addressId, body: jsonBody(savedAddressInputSchema) },
  example: { params: { id: EXAMPLE_IDS.address }, body: { ...EXAMPLE_ADDRESS, isDefault: false } },
  responses: { 200: address, 400: invalidAnswer, 404: missing },
});

export const remove = endpoint({
  method: 'delete',
  path: '/addresses/{id}',
  tags,
  summary: 'Hapus alamat',
  policy: CUSTOMER,
  request: { params: addressId },
  example: { params: { id: EXAMPLE_IDS.spareAddress } },
  responses: { 204: { description: 'Terhapus' }, 404: missing },
});
