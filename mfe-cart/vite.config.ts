import { renderingRemoteConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';
import { exposes } from './exposes.ts';

export default defineConfig(
  renderingRemoteConfig({
    name: 'mfe_cart',
    base: '/mfe/cart/',
    port: 5175,
    exposes,
    // Forms that validate with zod: their chunks load with those pages, not with the navbar's MiniCart.
    separate: /src[\\/](features[\\/](auth|checkout)|pages[\\/]cart-page)/,
  }),
);
