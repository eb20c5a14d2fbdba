import { remoteBuild } from '@gi/contracts/remote-table';
import { renderingRemoteConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';
import { exposes } from './exposes.ts';

export default defineConfig(
  renderingRemoteConfig({
    ...remoteBuild('cart'),
    exposes,
    // Forms that validate with zod, and the signed-in customer's order and account pages (with the
    // gateway's labels, decision 026, and the ways to pay checkout and the order page share, issue
    // 37): their chunks load with those pages, not with the product page's 'Tambah ke Keranjang'
    // or the cart.
    separate:
      /src[\\/](features[\\/](checkout|order|account|addresses)[\\/]|pages[\\/](cart|order|account|account-orders|login|register|forgot-password|reset-password)-page|pages[\\/]auth-card|shared[\\/](payment-methods|payment-logos|order-keys|security-check)|gateway-labels\.ts$)/,
  }),
);
