// This remote's server renderer (`ssr/render.js`, see SSR_MODULE in @gi/contracts).
import { createRenderer } from '@gi/ui/ssr';
import type { ComponentType } from 'react';
import { exposes } from '../exposes.ts';
import { CartButtonProvider, PendingCartButton } from './features/cart-button/cart-button.tsx';

const modules = import.meta.glob<{ default: ComponentType }>('./pages/*-page.tsx', { eager: true });
const pages: Record<string, ComponentType> = {};
for (const [name, file] of Object.entries(exposes)) {
  const page = modules[file.replace('./src/', './')]?.default;
  if (page) pages[name] = page;
}

export default createRenderer({
  remote: 'shop',
  pages,
  // mfe-cart's buy button loads in the browser; the server shows it as it looks meanwhile.
  wrap: (page) => <CartButtonProvider value={PendingCartButton}>{page}</CartButtonProvider>,
});
