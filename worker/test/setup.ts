import { applyD1Migrations, env, reset } from 'cloudflare:test';
import { afterEach, beforeEach } from 'vitest';

// Every test starts from an empty, fully migrated database and bucket.
beforeEach(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});
afterEach(async () => {
  await reset();
});
