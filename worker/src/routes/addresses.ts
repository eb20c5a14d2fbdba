import { savedAddressInputSchema, savedAddressSchema } from '@gi/contracts';
import { z } from 'zod';
import {
  createRouter,
  defineEndpoint,
  errorAnswer,
  invalidAnswer,
  jsonAnswer,
  jsonBody,
} from '../api/endpoint.ts';
import { CUSTOMER } from '../api/policy.ts';
import { getDb } from '../db/client.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from '../services/addresses.ts';

const tags = ['Alamat'];
const address = jsonAnswer(savedAddressSchema, 'Alamat tersimpan');
const addressId = z.object({ id: z.string().max(100) });
const missing = errorAnswer('Alamat tidak ditemukan');

const list = defineEndpoint({
  method: 'get',
  path: '/',
  tags,
  summary: 'Buku alamat pelanggan, alamat utama lebih dulu',
  policy: CUSTOMER,
  responses: { 200: jsonAnswer(z.object({ items: z.array(savedAddressSchema) }), 'Alamat') },
});
const create = defineEndpoint({
  method: 'post',
  path: '/',
  tags,
  summary: 'Simpan alamat baru (yang pertama menjadi alamat utama)',
  policy: CUSTOMER,
  request: { body: jsonBody(savedAddressInputSchema) },
  responses: { 201: address, 400: invalidAnswer, 409: errorAnswer('Batas alamat tersimpan tercapai') },
});
const update = defineEndpoint({
  method: 'put',
  path: '/{id}',
  tags,
  summary: 'Ubah alamat',
  policy: CUSTOMER,
  request: { params: addressId, body: jsonBody(savedAddressInputSchema) },
  responses: { 200: address, 400: invalidAnswer, 404: missing },
});
const remove = defineEndpoint({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Hapus alamat',
  policy: CUSTOMER,
  request: { params: addressId },
  responses: { 204: { description: 'Terhapus' }, 404: missing },
});

/** The signed-in customer's address book; every query is bounded to the session's user. */
export const addressRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json({ items: await listAddresses(getDb(c.env.DB), c.get('auth')?.userId as string) }, 200),
  )
  .openapi(create, async (c) =>
    c.json(await createAddress(getDb(c.env.DB), c.get('auth')?.userId as string, c.req.valid('json')), 201),
  )
  .openapi(update, async (c) => {
    const userId = c.get('auth')?.userId as string;
    return c.json(
      await updateAddress(getDb(c.env.DB), userId, c.req.valid('param').id, c.req.valid('json')),
      200,
    );
  })
  .openapi(remove, async (c) => {
    await deleteAddress(getDb(c.env.DB), c.get('auth')?.userId as string, c.req.valid('param').id);
    return c.body(null, 204);
  });
