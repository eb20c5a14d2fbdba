import { remoteConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';

export default defineConfig(
  remoteConfig({
    name: 'mfe_shop',
    base: '/mfe/shop/',
    port: 5174,
    exposes: {
      './HomePage': './src/features/home/home-page.tsx',
    },
  }),
);
