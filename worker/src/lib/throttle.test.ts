import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { type Hit, type Policy, refund, reset, take, tryTake } from './throttle.ts';

const policy = (name: string, limit: number): Policy => ({
  name,
  limit,
  windowMs: 10 * 60 * 1000,
  message: 'Terlalu banyak.',
});
const tight = policy('tight', 1);
const loose = policy('loose', 3);
const one = (p: Policy, subject = 'a'): Hit => ({ policy: p, subject });

/** The status `take` ends in: 'ok' or the 429's message. */
const attempt = (hits: Hit[]) =>
  take(env.DB, hits).then(
    () => 'ok',
    (err: unknown) => {
      if (err instanceof AppError && err.status === 429) return err.message;
      throw err;
    },
  );
const hitsOf = async (key: string) =>
  (await env.DB.prepare('SELECT hits FROM rate_limits WHERE key = ?').bind(key).first<{ hits: number }>())
    ?.hits ?? 0;

describe('take', () => {
  it('allows the limit per subject and window, then answers 429 with the wait', async () => {
    for (let i = 0; i < 3; i++) expect(await attempt([one(loose)])).toBe('ok');
    expect(await attempt([one(loose)])).toBe('Terlalu banyak. Coba lagi dalam 10 menit.');
    expect(await attempt([one(loose, 'b')])).toBe('ok');

    await env.DB.prepare("UPDATE rate_limits SET reset_at = '2000-01-01T00:00:00.000Z'").run();
    expect(await attempt([one(loose)])).toBe('ok');
    expect(await hitsOf('loose:a')).toBe(1);
  });

  it('counts every limit of a request at once, each against the counts before it', async () => {
    // Both at a limit of one: counting the first must not use up the second.
    expect(await attempt([one(tight, 'x'), one(policy('other', 1), 'x')])).toBe('ok');
    expect(await hitsOf('tight:x')).toBe(1);
    expect(await hitsOf('other:x')).toBe(1);
  });

  it('counts a refused request nowhere', async () => {
    expect(await attempt([one(tight), one(loose)])).toBe('ok');
    expect(await attempt([one(tight), one(loose)])).not.toBe('ok');
    expect(await hitsOf('loose:a')).toBe(1);
  });

  it('holds the limit for requests at the same moment', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt([one(loose)])));
    expect(results.filter((r) => r === 'ok')).toHaveLength(3);
    expect(await hitsOf('loose:a')).toBe(3);
  });

  it('tryTake says whether it counted, instead of answering 429', async () => {
    expect(await tryTake(env.DB, [one(tight)])).toBe(true);
    expect(await tryTake(env.DB, [one(tight)])).toBe(false);
    expect(await hitsOf('tight:a')).toBe(1);
  });

  it('gives a count back with refund, and starts over with reset', async () => {
    for (let i = 0; i < 3; i++) await attempt([one(loose), one(policy('pair', 3))]);
    await refund(env.DB, [one(loose)]);
    await reset(env.DB, [one(policy('pair', 3))]);
    expect(await hitsOf('loose:a')).toBe(2);
    expect(await hitsOf('pair:a')).toBe(0);
  });
});
