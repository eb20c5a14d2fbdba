import { remoteConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';

export default defineConfig(
  remoteConfig({
    name: 'mfe_admin',
    base: '/mfe/admin/',
    port: 5176,
    exposes: {
      './AdminLoginPage': './src/features/auth/admin-login-page.tsx',
      './AdminPage': './src/pages/admin-page.tsx',
      './ManageProductsPage': './src/pages/manage-products-page.tsx',
    },
  }),
);
