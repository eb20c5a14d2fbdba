import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { citrus, oud } from '../../test/fixtures.ts';
import { renderPage } from '../../test/render.tsx';
import { ProductGrid } from './product-grid.tsx';

it("a card shows its product's stars compactly, read out in words, and nothing before the first published review", () => {
  renderPage(
    '/',
    <ProductGrid products={[{ ...oud, rating: { average: 4.6, count: 1200 } }, citrus]} headingAs="h2" />,
  );
  const [rated, unrated] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
  const stars = within(rated).getByRole('img', { name: 'Rating 4,6 dari 5, 1.200 ulasan' });
  expect(stars.textContent).toBe('★ 4,6 (1.200)');
  expect(within(unrated).queryByRole('img', { name: /^Rating/ })).toBeNull();
  expect(unrated.textContent).not.toContain('★');
});
