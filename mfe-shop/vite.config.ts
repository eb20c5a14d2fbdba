import { renderingRemoteConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';
import { exposes } from './exposes.ts';

export default defineConfig(
  renderingRemoteConfig({
    name: 'mfe_shop',
    base: '/mfe/shop/',
    port: 5174,
    exposes,
    // The contact form validates with zod: its chunk loads with the form, not with every page.
    separate: /src[\\/](features[\\/]contact|pages[\\/]contact-page)/,
  }),
);
