import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../test/render.tsx';
import { GiftWrapEditor } from './gift-wrap-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

it("saves 'Biaya bungkus kado' and the offer; a negative fee is refused in Indonesian, unsent", async () => {
  const fetch = mockApi({
    'GET /api/gift-wrap': () => Response.json({ enabled: false, fee: 0 }),
    'PUT /api/admin/settings/gift-wrap': (_url, init) => Response.json(JSON.parse(String(init.body))),
  });
  renderPage('/admin', <GiftWrapEditor />);
  const fee = await screen.findByLabelText('Biaya bungkus kado (Rp)');
  await userEvent.clear(fee);
  await userEvent.type(fee, '-5');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Bungkus Kado' }));
  expect(await screen.findByText('Biaya bungkus kado tidak boleh negatif')).toBeTruthy();
  expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

  await userEvent.click(screen.getByLabelText('Tawarkan bungkus kado di checkout'));
  await userEvent.clear(fee);
  await userEvent.type(fee, '10.000');
  await userEvent.click(screen.getByRole('button', { name: 'Simpan Bungkus Kado' }));
  await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
  const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
  expect(JSON.parse(String(put?.[1]?.body))).toEqual({ enabled: true, fee: 10_000 });
});
