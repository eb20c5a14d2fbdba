import { defineConfig } from 'vitest/config';

// The components' own tests, with the setup every remote's tests use.
export default defineConfig({
  test: { environment: 'jsdom', globals: true, restoreMocks: true, setupFiles: ['./src/test-setup.ts'] },
});
