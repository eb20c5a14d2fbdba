import { renderingRemoteConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';
import { exposes } from './exposes.ts';

export default defineConfig(
  renderingRemoteConfig({
    name: 'mfe_cart',
    base: '/mfe/cart/',
    port: 5175,
    exposes,
    // Forms that validate with zod, and the signed-in customer's order pages: their chunks load
    // with those pages, not with the product page's 'Tambah ke Keranjang'.
    separate: /src[\\/](features[\\/](auth|checkout|order)[\\/]|pages[\\/](cart|order|account-orders)-page)/,
  }),
);
