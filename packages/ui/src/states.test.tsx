import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { EmptyState, ErrorState, Loading, LoadingState, SkeletonText } from './states.tsx';

it('announces the loading text and hides the placeholders from screen readers', () => {
  render(
    <Loading label="Memuat produk...">
      <span data-testid="card" />
    </Loading>,
  );
  expect(screen.getByRole('status').textContent).toBe('Memuat produk...');
  expect(screen.getByTestId('card').parentElement?.getAttribute('aria-hidden')).toBe('true');
});

it('announces a loading text alone, but not an empty list', () => {
  const { unmount } = render(<LoadingState>Memuat pesanan...</LoadingState>);
  expect(screen.getByRole('status').textContent).toBe('Memuat pesanan...');
  unmount();
  render(<EmptyState>Belum ada pesanan.</EmptyState>);
  expect(screen.getByText('Belum ada pesanan.')).toBeTruthy();
  expect(screen.queryByRole('status')).toBeNull();
});

it('shows the failure with a button that tries again', async () => {
  const onRetry = vi.fn();
  render(<ErrorState message="Gagal memuat produk" onRetry={onRetry} />);
  expect(screen.getByText('Gagal memuat produk')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Coba Lagi' }));
  expect(onRetry).toHaveBeenCalledOnce();
});

it('draws as many text lines as asked, hidden from screen readers', () => {
  const { container } = render(<SkeletonText lines={3} />);
  const lines = container.firstElementChild;
  expect(lines?.getAttribute('aria-hidden')).toBe('true');
  expect(lines?.children).toHaveLength(3);
});
