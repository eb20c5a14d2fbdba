import { describe, expect, it } from 'vitest';
import { settingKeys } from './rows.ts';

describe('settings rows', () => {
  it('gives every setting its own site_settings key', () => {
    // Two settings on one key would overwrite each other and read each other's value.
    expect(new Set(settingKeys).size).toBe(settingKeys.length);
  });
});
