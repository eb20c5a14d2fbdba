import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { adminProduct } from '../../test/products.ts';
import { apiError, callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { ProductEditor } from './product-editor.tsx';

// The trust marks in the product form (decision 043): the shared schema's messages, the PUT's body.

afterEach(() => vi.unstubAllGlobals());

const marks = {
  bpom_number: 'NA18201200456',
  bpom_valid_until: '2028-06-30',
  halal_number: 'ID00110000123450123',
  ingredients: 'Alcohol Denat., Parfum',
};
const stored = { ...adminProduct, trust_marks: marks };

const bpom = () => screen.getByLabelText('Nomor Notifikasi BPOM');
const validUntil = () => screen.getByLabelText('Notifikasi BPOM Berlaku Sampai');
const save = () => userEvent.click(screen.getByRole('button', { name: 'Perbarui Produk' }));

it('shows the stored marks and saves a new BPOM number, spaces dropped and in capitals', async () => {
  const fetch = mockApi({
    'GET /api/admin/products/p1': () => Response.json(stored),
    'PUT /api/products/p1': (_, init) => Response.json({ ...stored, ...JSON.parse(String(init.body)) }),
  });
  const { toasts } = renderPage('/admin', <ProductEditor id="p1" onDone={() => {}} />);
  expect(await screen.findByLabelText('Nomor Notifikasi BPOM')).toHaveProperty('value', 'NA18201200456');
  expect(validUntil()).toHaveProperty('value', '2028-06-30');
  expect(screen.getByLabelText('Nomor Sertifikat Halal (opsional)')).toHaveProperty(
    'value',
    'ID00110000123450123',
  );
  expect(screen.getByLabelText('Komposisi (opsional)')).toHaveProperty('value', 'Alcohol Denat., Parfum');
  expect(screen.getByText('Admin diingatkan lewat email 60 dan 14 hari sebelum tanggal ini.')).toBeTruthy();
  await userEvent.clear(bpom());
  await userEvent.type(bpom(), 'nc 12345678901');
  await save();
  await waitFor(() => expect(toasts).toContainEqual({ title: 'Produk berhasil diperbarui' }));
  expect(callsTo(fetch, 'PUT /api/products/p1')[0]?.body.trust_marks).toEqual({
    ...marks,
    bpom_number: 'NC12345678901',
  });
});

it('says what is wrong with the number and the date, without calling the API', async () => {
  const fetch = mockApi({
    'GET /api/admin/products/p1': () => Response.json({ ...stored, trust_marks: null }),
  });
  renderPage('/admin', <ProductEditor id="p1" onDone={() => {}} />);
  await userEvent.type(await screen.findByLabelText('Nomor Notifikasi BPOM'), 'NA123');
  await save();
  expect(
    screen.getByText(
      'Nomor notifikasi BPOM harus 2 huruf dan 11 angka, contoh: NA18201200456 (kit: NKIT dan 9 angka)',
    ),
  ).toBeTruthy();
  await userEvent.clear(bpom());
  await userEvent.type(bpom(), 'NA18201200456');
  await save();
  expect(await screen.findByText('Isi tanggal berakhirnya notifikasi BPOM')).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/products/p1')).toHaveLength(0);
});

it('sends blank marks as none, and shows the server’s refusal on its field', async () => {
  const fetch = mockApi({
    'GET /api/admin/products/p1': () => Response.json(stored),
    'PUT /api/products/p1': apiError(400, 'Data tidak valid', 'invalid_input', {
      'trust_marks.halal_number': 'Nomor sertifikat halal maksimal 64 karakter',
    }),
  });
  renderPage('/admin', <ProductEditor id="p1" onDone={() => {}} />);
  await screen.findByLabelText('Nomor Notifikasi BPOM');
  await userEvent.clear(bpom());
  await userEvent.clear(validUntil());
  await userEvent.clear(screen.getByLabelText('Nomor Sertifikat Halal (opsional)'));
  await userEvent.clear(screen.getByLabelText('Komposisi (opsional)'));
  await save();
  expect(await screen.findByText('Nomor sertifikat halal maksimal 64 karakter')).toBeTruthy();
  expect(callsTo(fetch, 'PUT /api/products/p1')[0]?.body.trust_marks).toEqual({
    bpom_number: null,
    bpom_valid_until: null,
    halal_number: null,
    ingredients: null,
  });
});
