import { expect, test } from '@playwright/test';
import { remoteBase, remoteNames } from '../../packages/contracts/src/remote-table.ts';
import { type Server, startRemoteDev } from './origins.ts';

// README, 'Working on one part': `cd mfe-<remote> && pnpm dev` serves the remote alone. Its page
// once threw before rendering (the federation runtime it expected comes from the shell).
test.describe.configure({ timeout: 120_000 });

for (const remote of remoteNames) {
  test(`mfe-${remote} renders alone on its dev server`, async ({ page }) => {
    const server: Server = await startRemoteDev(remote);
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      await page.goto(`${server.origin}${remoteBase(remote)}`);
      await expect(page.locator('#root h1, #root h2').first()).toBeVisible({ timeout: 60_000 });
      expect(errors).toEqual([]);
    } finally {
      await server.stop();
    }
  });
}
