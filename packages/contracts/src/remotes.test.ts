import { describe, expect, it } from 'vitest';
import { remotesConfigSchema } from './remotes.ts';

const config = {
  shop: '/mfe/shop/mf-manifest.json',
  cart: 'https://mfe-cart.example/mfe/cart/mf-manifest.json',
  admin: '/mfe/admin/mf-manifest.json',
};

describe('the REMOTES variable', () => {
  it('is read from wrangler.toml as an object', () => {
    expect(remotesConfigSchema.parse(config)).toEqual(config);
  });

  it('is read from a --var or dashboard text variable as JSON', () => {
    expect(remotesConfigSchema.parse(JSON.stringify(config))).toEqual(config);
  });

  it('must name every remote', () => {
    expect(() => remotesConfigSchema.parse(JSON.stringify({ shop: config.shop }))).toThrow();
    expect(() => remotesConfigSchema.parse('not json')).toThrow();
  });
});
