import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { captureToasts } from './testing.ts';
import { useErrorToast } from './use-error-toast.ts';

function Loader({ failed }: { failed: boolean }) {
  useErrorToast(failed, 'Gagal memuat produk.');
  return null;
}

it('toasts a failed load once per failure, as product.md §7 words it', () => {
  const { toasts, stop } = captureToasts();
  const view = render(<Loader failed={false} />);
  expect(toasts).toEqual([]);
  view.rerender(<Loader failed />);
  view.rerender(<Loader failed />);
  expect(toasts).toEqual([{ title: 'Error', description: 'Gagal memuat produk.', variant: 'destructive' }]);
  // Recovered, then failed again: a new failure, a new toast.
  view.rerender(<Loader failed={false} />);
  view.rerender(<Loader failed />);
  expect(toasts).toHaveLength(2);
  stop();
});
