import { hostConfig } from '@gi/federation';
import { defineConfig } from 'vitest/config';

export default defineConfig(hostConfig({ name: 'shell', port: 5173 }));
