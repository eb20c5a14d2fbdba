import { toast, toastError } from '@gi/ui';
import { act, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { Toaster } from './toaster.tsx';

it('shows toasts raised anywhere on the page and hides them after a while', () => {
  vi.useFakeTimers();
  render(<Toaster />);
  act(() => toast({ title: 'Produk ditambahkan' }));
  act(() => toastError('Gagal memuat produk unggulan.'));
  expect(screen.getByRole('status').textContent).toContain('Produk ditambahkan');
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toContain('Error');
  expect(alert.textContent).toContain('Gagal memuat produk unggulan.');
  act(() => vi.advanceTimersByTime(5000));
  expect(screen.queryByRole('alert')).toBeNull();
  vi.useRealTimers();
});
