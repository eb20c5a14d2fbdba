import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { UnsubscribeNotice } from './unsubscribe-notice.tsx';

it('says what the unsubscribe did on the page it lands on, until closed', async () => {
  const { router } = renderPage('/', <UnsubscribeNotice />, { url: '/?langganan=berhenti' });
  expect((await screen.findByRole('status')).textContent).toBe(
    'Anda telah berhenti berlangganan. Kami tidak akan mengirim email promosi atau kabar stok lagi ke alamat ini.',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Tutup pemberitahuan' }));
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  expect(router.state.location.search).toBe('');
});

it('says a bad link is bad, and nothing for an outcome it does not know or none', async () => {
  const { unmount } = renderPage('/', <UnsubscribeNotice />, { url: '/?langganan=tidak-valid' });
  expect((await screen.findByRole('status')).textContent).toMatch(
    /^Tautan berhenti berlangganan ini tidak valid/,
  );
  unmount();
  const other = renderPage('/', <UnsubscribeNotice />, { url: '/?langganan=constructor' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(other.container.textContent).toBe('');
});
