import { remoteBuild } from '@gi/contracts/remote-table';
import { remoteConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';
import { exposes } from './exposes.ts';

export default defineConfig(
  remoteConfig({
    ...remoteBuild('admin'),
    exposes,
  }),
);
