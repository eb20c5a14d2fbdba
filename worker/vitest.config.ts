import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run inside workerd with the real wrangler.toml bindings: a local D1 with
// every migration applied, a local R2 bucket, and a small fixture of built assets.
export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      main: './src/index.ts',
      wrangler: { configPath: '../wrangler.toml' },
      miniflare: {
        assets: { directory: here('./test/fixtures/assets'), binding: 'ASSETS' },
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(here('../migrations')),
          // The table of every trigger, checked against the migrated database (src/db/triggers.test.ts).
          TRIGGERS_DOC: readFileSync(here('../docs/triggers.md'), 'utf8'),
          JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
          // The origin test requests use (test/helpers.ts), so emailed links lead back to the tests.
          PUBLIC_ORIGIN: 'https://shop.test',
          // The gateway is on in tests; its network is mocked at fetch (src/routes/payments.test.ts).
          MIDTRANS_SERVER_KEY: 'SB-Mid-server-uji-0123456789abcdef',
          MIDTRANS_ENVIRONMENT: 'sandbox',
          CHECK_ANSWERS: 'true',
        },
      },
    }),
  ],
  test: {
    setupFiles: ['./test/setup.ts'],
  },
}));
