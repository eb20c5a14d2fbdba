import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { TrustMarks } from './trust-marks.tsx';

it("shows the BPOM number with BPOM's public check, the halal number and the folded ingredients", async () => {
  render(
    <TrustMarks
      marks={{
        bpom_number: 'NA18201200456',
        bpom_valid_until: '2028-06-30',
        halal_number: 'ID00410000123450224',
        ingredients: 'Alcohol Denat., Parfum, Aqua',
      }}
    />,
  );
  expect(screen.getByRole('heading', { name: 'Legalitas & Komposisi' })).toBeTruthy();
  expect(screen.getByText('NA18201200456')).toBeTruthy();
  const check = screen.getByRole('link', { name: 'Cek di situs BPOM' });
  expect(check.getAttribute('href')).toBe('https://cekbpom.pom.go.id/');
  expect(check.getAttribute('rel')).toBe('noopener noreferrer');
  expect(screen.getByText('ID00410000123450224')).toBeTruthy();
  const ingredients = screen.getByText('Alcohol Denat., Parfum, Aqua');
  expect(ingredients.closest('details')?.open).toBe(false);
  await userEvent.click(screen.getByText('Komposisi (ingredients)'));
  expect(ingredients.closest('details')?.open).toBe(true);
});

it('shows only the marks there are, and nothing without any', () => {
  const { container, rerender } = render(
    <TrustMarks
      marks={{ bpom_number: null, bpom_valid_until: null, halal_number: null, ingredients: 'Parfum' }}
    />,
  );
  expect(screen.queryByText('Notifikasi BPOM')).toBeNull();
  expect(screen.queryByText('Sertifikat Halal')).toBeNull();
  expect(screen.getByText('Parfum')).toBeTruthy();
  rerender(<TrustMarks marks={null} />);
  expect(container.innerHTML).toBe('');
});
