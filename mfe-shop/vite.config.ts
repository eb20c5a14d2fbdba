import { remoteConfig, rendererConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';
import { exposes } from './exposes.ts';

const base = '/mfe/shop/';

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? rendererConfig({ base })
    : remoteConfig({
        name: 'mfe_shop',
        base,
        port: 5174,
        exposes,
        // The contact form validates with zod: its chunk loads with the form, not with every page.
        separate: /src[\\/](features[\\/]contact|pages[\\/]contact-page)/,
      }),
);
