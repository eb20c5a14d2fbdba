import { remoteConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';
import { exposes } from './exposes.ts';

export default defineConfig(
  remoteConfig({
    name: 'mfe_admin',
    base: '/mfe/admin/',
    port: 5176,
    exposes,
  }),
);
