import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useMemo, useState } from 'react';
import { expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field, SelectField, useZodForm } from './form.tsx';

const schema = z.object({
  name: z.string().trim().min(2, 'Nama minimal 2 karakter'),
  email: z.string().email('Email tidak valid'),
});

function Form({ onValid }: { onValid: (input: z.output<typeof schema>) => void }) {
  const { errors, setErrors, parse } = useZodForm(schema);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse(event.currentTarget);
    if (input) onValid(input);
    // As a form does with the server's answer to a valid submit.
    if (input?.email === 'dipakai@contoh.id') setErrors({ email: 'Email sudah terdaftar' });
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field label="Nama" name="name" error={errors.name} />
      <Field label="Email" name="email" error={errors.email} />
      <button type="submit">Simpan</button>
    </form>
  );
}

const field = (label: string) => screen.getByLabelText(label);

it("shows the schema's message on each field after a failed submit, and lets it go as the field becomes valid", async () => {
  const onValid = vi.fn();
  render(<Form onValid={onValid} />);
  await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
  expect(onValid).not.toHaveBeenCalled();
  expect(screen.getByText('Nama minimal 2 karakter')).toBeTruthy();
  expect(field('Nama').getAttribute('aria-invalid')).toBe('true');
  expect(field('Nama').getAttribute('aria-describedby')).toBe(screen.getByText('Nama minimal 2 karakter').id);

  await userEvent.type(field('Nama'), 'Budi');
  expect(screen.queryByText('Nama minimal 2 karakter')).toBeNull();
  expect(screen.getByText('Email tidak valid')).toBeTruthy();

  await userEvent.type(field('Email'), 'budi@contoh.id');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
  expect(onValid).toHaveBeenCalledWith({ name: 'Budi', email: 'budi@contoh.id' });
});

it("keeps the server's message on a field until that field changes", async () => {
  render(<Form onValid={() => {}} />);
  await userEvent.type(field('Nama'), 'Budi');
  await userEvent.type(field('Email'), 'dipakai@contoh.id');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
  expect(screen.getByText('Email sudah terdaftar')).toBeTruthy();
  await userEvent.type(field('Nama'), ' Santoso');
  expect(screen.getByText('Email sudah terdaftar')).toBeTruthy();
  await userEvent.type(field('Email'), 'x');
  expect(screen.queryByText('Email sudah terdaftar')).toBeNull();
});

it('labels a select, describes it by its error, and takes a frame class in place of the field look', () => {
  const { rerender } = render(
    <SelectField label="Status" error="Status wajib dipilih" defaultValue="">
      <option value="">Semua Status</option>
    </SelectField>,
  );
  const select = screen.getByLabelText('Status');
  expect(select.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(String(select.getAttribute('aria-describedby')))?.textContent).toBe(
    'Status wajib dipilih',
  );
  const fieldClass = select.parentElement?.className;
  rerender(
    <SelectField label="Status" frameClass="toolbar-control" defaultValue="">
      <option value="">Semua Status</option>
    </SelectField>,
  );
  expect(select.parentElement?.className).toBe('toolbar-control');
  expect(fieldClass).not.toBe('toolbar-control');
  expect(select.getAttribute('aria-describedby')).toBeNull();
});

const orderSchema = z.object({
  customer: z.object({
    name: z.string().trim().min(2, 'Nama minimal 2 karakter'),
    city: z.string().min(1, 'Kota harus dipilih'),
  }),
  service: z.string().min(1, 'Pilih layanan'),
});

/** A controlled form: its values live in state, a select empties the field below it (as areas do). */
function ControlledForm({ onValid }: { onValid: (input: z.output<typeof orderSchema>) => void }) {
  const [customer, setCustomer] = useState({ name: '', city: '' });
  const [service, setService] = useState('');
  const values = useMemo(() => ({ customer, service }), [customer, service]);
  const { errors, setErrors, parse, errorsIn } = useZodForm(orderSchema, { values });
  const address = errorsIn('customer');
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = parse();
    if (input) onValid(input);
    // The server's answer names the nested field by its full path.
    if (input?.customer.name === 'Budi') setErrors({ 'customer.city': 'Kota ini tidak dilayani' });
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field
        label="Nama"
        name="name"
        value={customer.name}
        onChange={(e) => setCustomer({ ...customer, name: e.target.value })}
        error={address.name}
      />
      <SelectField
        label="Kota"
        value={customer.city}
        onChange={(e) => setCustomer({ ...customer, city: e.target.value })}
        error={address.city}
      >
        <option value="">Pilih kota</option>
        <option value="bdg">Bandung</option>
        <option value="jkt">Jakarta</option>
      </SelectField>
      <button type="button" onClick={() => setService('reguler')}>
        Pilih Reguler
      </button>
      {errors.service && <p>{errors.service}</p>}
      <button type="submit">Simpan</button>
    </form>
  );
}

it("a controlled form: validates its values, nested ones too, and each message follows its value's changes", async () => {
  const onValid = vi.fn();
  render(<ControlledForm onValid={onValid} />);
  await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
  expect(onValid).not.toHaveBeenCalled();
  expect(screen.getByText('Nama minimal 2 karakter')).toBeTruthy();
  expect(field('Kota').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Pilih layanan')).toBeTruthy();

  // A value set without typing (a picked option, a service chosen for the shopper) clears its message too.
  await userEvent.click(screen.getByRole('button', { name: 'Pilih Reguler' }));
  expect(screen.queryByText('Pilih layanan')).toBeNull();
  await userEvent.type(field('Nama'), 'Budi');
  expect(screen.queryByText('Nama minimal 2 karakter')).toBeNull();
  expect(screen.getByText('Kota harus dipilih')).toBeTruthy();

  await userEvent.selectOptions(field('Kota'), 'Bandung');
  expect(screen.queryByText('Kota harus dipilih')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
  expect(onValid).toHaveBeenCalledWith({ customer: { name: 'Budi', city: 'bdg' }, service: 'reguler' });
});

it("a controlled form keeps the server's message on a nested field until that field's value changes", async () => {
  render(<ControlledForm onValid={() => {}} />);
  await userEvent.type(field('Nama'), 'Budi');
  await userEvent.selectOptions(field('Kota'), 'Bandung');
  await userEvent.click(screen.getByRole('button', { name: 'Pilih Reguler' }));
  await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
  expect(screen.getByText('Kota ini tidak dilayani')).toBeTruthy();
  await userEvent.type(field('Nama'), ' Santoso');
  expect(screen.getByText('Kota ini tidak dilayani')).toBeTruthy();
  await userEvent.selectOptions(field('Kota'), 'Jakarta');
  expect(screen.queryByText('Kota ini tidak dilayani')).toBeNull();
});
