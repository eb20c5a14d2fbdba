import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { AddressFields, type AddressValue, emptyAddress } from './address-fields.tsx';
import { mockApi, renderPage } from './testing.ts';

const seen: AddressValue[] = [];

function Form({
  errors = {},
  ...rest
}: {
  namePrefix?: string;
  autoComplete?: boolean;
  errors?: Record<string, string>;
}) {
  const [value, setValue] = useState<AddressValue>({
    ...emptyAddress('Siti'),
    customerAddress: 'Jl. Mawar 1',
  });
  seen.push(value);
  return (
    <AddressFields
      value={value}
      onChange={(patch) => setValue((current) => ({ ...current, ...patch }))}
      errors={errors}
      labels={{ customerName: 'Nama', customerPhone: 'Telepon', customerAddress: 'Jalan' }}
      streetPlaceholder="Nama jalan"
      {...rest}
    />
  );
}

const provinces = () =>
  mockApi({
    'GET /api/areas/provinces': () => Response.json({ items: [{ code: '31', name: 'DKI Jakarta' }] }),
    'GET /api/areas/provinces/31/regencies': () => Response.json({ items: [] }),
  });

it("the shopper's address: the browser's autocomplete tokens, errors by the field's name", async () => {
  provinces();
  renderPage('/', <Form autoComplete errors={{ postalCode: 'Kode pos harus 5 angka' }} />);
  expect(screen.getByLabelText('Nama')).toHaveProperty('name', 'customerName');
  expect(screen.getByLabelText('Nama').getAttribute('autocomplete')).toBe('name');
  expect(screen.getByLabelText('Telepon').getAttribute('autocomplete')).toBe('tel');
  expect(screen.getByLabelText('Kode Pos').getAttribute('autocomplete')).toBe('postal-code');
  expect(screen.getByLabelText('Jalan').getAttribute('autocomplete')).toBe('street-address');
  expect(screen.getByText('Kode pos harus 5 angka')).toBeTruthy();

  await screen.findByRole('option', { name: 'DKI Jakarta' });
  await userEvent.selectOptions(screen.getByLabelText('Provinsi'), 'DKI Jakarta');
  await userEvent.type(screen.getByLabelText('Kode Pos'), '12345');
  // Choosing an area keeps what was typed.
  expect(seen.at(-1)).toEqual({
    ...emptyAddress('Siti'),
    provinceCode: '31',
    postalCode: '12345',
    customerAddress: 'Jl. Mawar 1',
  });
});

it("the shop's own address: names under the body's part, nothing for the browser to fill", () => {
  provinces();
  renderPage('/', <Form namePrefix="origin." />);
  expect(screen.getByLabelText('Nama')).toHaveProperty('name', 'origin.customerName');
  expect(screen.getByLabelText('Jalan')).toHaveProperty('name', 'origin.customerAddress');
  expect(screen.getByLabelText('Provinsi')).toHaveProperty('name', 'provinceCode');
  for (const label of ['Nama', 'Telepon', 'Kode Pos', 'Jalan']) {
    expect(screen.getByLabelText(label).hasAttribute('autocomplete')).toBe(false);
  }
});
