import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { apiError, mockApi, renderPage } from '../../test/render.tsx';
import BackInStockForm from './back-in-stock-form.tsx';

const form = <BackInStockForm productId="p-melati" variantId="m-30" size="30 ml" />;
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Kabari Saya' }));

it("a guest's ask: the server's message under the address, then its confirmation", async () => {
  const asked: unknown[] = [];
  let answered = false;
  mockApi({
    'POST /api/products/p-melati/notify': (_url, init) => {
      const body = JSON.parse(String(init.body)) as { email?: string };
      asked.push(body);
      if (!body.email)
        return apiError(400, 'invalid_input', 'Email harus diisi', { email: 'Email harus diisi' })();
      answered = true;
      return Response.json(
        {
          variantId: 'm-30',
          email: body.email,
          message: `Kami akan mengabari ${body.email} satu kali saat ukuran ini tersedia lagi.`,
        },
        { status: 201 },
      );
    },
  });
  const { client } = renderPage('/', form);
  act(() => client.setQueryData(['session'], null));
  expect(screen.getByText(/Dengan menekan Kabari Saya, Anda setuju/)).toBeTruthy();

  await submit();
  expect(await screen.findByText('Email harus diisi')).toBeTruthy();
  expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

  await userEvent.type(screen.getByLabelText('Email'), 'ani@contoh.id');
  await submit();
  await waitFor(() => expect(answered).toBe(true));
  expect((await screen.findByRole('status')).textContent).toBe(
    'Kami akan mengabari ani@contoh.id satu kali saat ukuran ini tersedia lagi.',
  );
  // A blank field is no address: the server said what is missing.
  expect(asked).toEqual([{ variantId: 'm-30' }, { variantId: 'm-30', email: 'ani@contoh.id' }]);
});

it("a customer is told at the account's address, without a field; another refusal is said as the server words it", async () => {
  const asked: unknown[] = [];
  mockApi({
    'POST /api/products/p-melati/notify': (_url, init) => {
      asked.push(JSON.parse(String(init.body)));
      return apiError(422, 'in_stock', 'Ukuran ini masih tersedia, silakan langsung dipesan.')();
    },
  });
  const { client } = renderPage('/', form);
  act(() =>
    client.setQueryData(['session'], { id: 'u1', email: 'sari@contoh.id', name: 'Sari', role: 'customer' }),
  );
  expect(await screen.findByText(/Kami akan mengirim satu email ke sari@contoh\.id/)).toBeTruthy();
  expect(screen.queryByLabelText('Email')).toBeNull();
  await submit();
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Ukuran ini masih tersedia, silakan langsung dipesan.',
  );
  expect(asked).toEqual([{ variantId: 'm-30' }]);
});
