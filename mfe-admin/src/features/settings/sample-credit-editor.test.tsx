import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../test/render.tsx';
import { SampleCreditEditor } from './sample-credit-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

it("saves 'Kredit Sampel': on, with its days; days out of 1–365 are refused in Indonesian, unsent", async () => {
  const fetch = mockApi({
    'GET /api/sample-credit': () => Response.json({ enabled: false, validDays: 60 }),
    'PUT /api/admin/settings/sample-credit': (_url, init) => Response.json(JSON.parse(String(init.body))),
  });
  renderPage('/admin', <SampleCreditEditor />);
  const days = await screen.findByLabelText('Masa berlaku (hari)');
  expect(days).toHaveProperty('value', '60');
  await userEvent.clear(days);
  await userEvent.type(days, '400');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Kredit Sampel' }));
  expect(await screen.findByText('Masa berlaku maksimal 365 hari')).toBeTruthy();
  await userEvent.clear(days);
  await userEvent.type(days, 'dua');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Kredit Sampel' }));
  expect(await screen.findByText('Masa berlaku harus berupa angka')).toBeTruthy();
  expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

  await userEvent.click(screen.getByLabelText('Beri Kredit Sampel untuk sampel dan set discovery'));
  await userEvent.clear(days);
  await userEvent.type(days, '30');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Kredit Sampel' }));
  await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
  const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
  expect(JSON.parse(String(put?.[1]?.body))).toEqual({ enabled: true, validDays: 30 });
  expect(screen.queryByText(/Masa berlaku (maksimal|harus)/)).toBeNull();
});
