import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';
import HomePage from './home-page.tsx';

it('shows the hero title and links to collections and about', () => {
  render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Temukan Aroma Khas Anda' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Jelajahi Koleksi' }).getAttribute('href')).toBe('/collections');
  expect(screen.getByRole('link', { name: 'Tentang Kami' }).getAttribute('href')).toBe('/about');
});
