import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { callsTo, mockApi, renderPage } from '../../test/render.tsx';
import { ServiceThread } from './service-thread.tsx';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/admin/customer-service/cs1/replies';
const first = {
  id: 'r1',
  body: 'Bisa, Pak Budi.',
  author_name: 'Sari Admin',
  created_at: '2026-11-21T03:05:00.000Z',
};

it('shows the replies and emails the next one to the sender, the thread growing with it', async () => {
  const second = { ...first, id: 'r2', body: 'Penawaran sudah kami kirim.' };
  const fetch = mockApi({
    [`GET ${PATH}`]: () => Response.json({ contact_email: 'budi@contoh.id', replies: [first] }),
    [`POST ${PATH}`]: () =>
      Response.json({ contact_email: 'budi@contoh.id', replies: [first, second] }, { status: 201 }),
  });
  const { toasts } = renderPage('/admin', <ServiceThread id="cs1" />);
  const thread = await screen.findByRole('region', { name: 'Balasan' });
  expect(
    within(thread)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Sari Admin · 21 November 2026 pukul 10.05Bisa, Pak Budi.']);

  // Empty: the schema's message, no call.
  await userEvent.click(screen.getByRole('button', { name: 'Kirim Balasan' }));
  expect(screen.getByText('Balasan harus diisi')).toBeTruthy();
  expect(callsTo(fetch, `POST ${PATH}`)).toHaveLength(0);

  await userEvent.type(screen.getByLabelText('Balasan ke budi@contoh.id'), 'Penawaran sudah kami kirim.');
  await userEvent.click(screen.getByRole('button', { name: 'Kirim Balasan' }));
  await waitFor(() =>
    expect(toasts).toContainEqual({ title: 'Terkirim', description: 'Balasan dikirim ke budi@contoh.id' }),
  );
  expect(callsTo(fetch, `POST ${PATH}`)[0]?.body).toEqual({ body: 'Penawaran sudah kami kirim.' });
  await waitFor(() => expect(within(thread).getAllByRole('listitem')).toHaveLength(2));
  expect(screen.getByLabelText('Balasan ke budi@contoh.id')).toHaveProperty('value', '');
});

it('shows nothing under a record that did not come from the contact form', async () => {
  mockApi({ [`GET ${PATH}`]: () => Response.json({ contact_email: null, replies: [] }) });
  const { container } = renderPage('/admin', <ServiceThread id="cs1" />);
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  expect(container.querySelector('section')).toBeNull();
});
