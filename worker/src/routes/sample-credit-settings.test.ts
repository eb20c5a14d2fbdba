import { env } from 'cloudflare:test';
import type { SampleCreditSettings } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, callInBackground, createUser } from '../../test/helpers.ts';
import { CACHE_STATUS_HEADER } from '../middleware/edge-cache.ts';

// 'Kredit Sampel''s offer (decision 061 part B): the public read the edge cache keeps, the admin's
// save with its audit row, refused with an Indonesian message or without 'settings'. In workerd
// against real D1.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const OFF: SampleCreditSettings = { enabled: false, validDays: 60 };

const save = (cookie: string, json: unknown) =>
  call('/api/admin/settings/sample-credit', { method: 'PUT', cookie, json });

/** A guest's read, once the edge cache has stored what it answered. */
async function guestRead() {
  const { res, settled } = await callInBackground('/api/sample-credit');
  await settled;
  return { cache: res.headers.get(CACHE_STATUS_HEADER), body: await res.json<SampleCreditSettings>() };
}

const auditRows = async () =>
  (
    await env.DB.prepare(
      "SELECT user_id, entity_type, entity_id, before_json, after_json FROM audit_log WHERE entity_id = 'sampleCredit'",
    ).all<Record<string, string | null>>()
  ).results;

describe("'Kredit Sampel''s offer", () => {
  it('is off until the admin turns it on; the save is audited and moves the guests’ cached read', async () => {
    const admin = await createUser('admin');
    expect(await guestRead()).toEqual({ cache: 'miss', body: OFF });
    expect((await guestRead()).cache).toBe('hit');

    const res = await save(admin.cookie, { enabled: true, validDays: 30 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ enabled: true, validDays: 30 });
    expect(await guestRead()).toEqual({ cache: 'miss', body: { enabled: true, validDays: 30 } });
    expect((await guestRead()).cache).toBe('hit');

    expect(await auditRows()).toEqual([
      {
        user_id: admin.id,
        entity_type: 'setting',
        entity_id: 'sampleCredit',
        before_json: JSON.stringify(OFF),
        after_json: JSON.stringify({ enabled: true, validDays: 30 }),
      },
    ]);
  });

  it('refuses days outside 1–365 in Indonesian, and a role without ‘settings’; neither changes anything', async () => {
    const admin = await createUser('owner');
    for (const [validDays, message] of [
      [0, 'Masa berlaku minimal 1 hari'],
      [366, 'Masa berlaku maksimal 365 hari'],
      [1.5, 'Masa berlaku harus bilangan bulat (hari)'],
      ['30', 'Masa berlaku harus berupa angka'],
    ] as const) {
      const res = await save(admin.cookie, { enabled: true, validDays });
      expect(res.status).toBe(400);
      expect((await res.json<ErrorBody>()).error.fields?.validDays).toBe(message);
    }
    for (const role of ['order_handler', 'content_editor', 'customer'] as const) {
      const res = await save((await createUser(role)).cookie, { enabled: true, validDays: 30 });
      expect(res.status, role).toBe(403);
    }
    expect((await save('', { enabled: true, validDays: 30 })).status).toBe(401);
    expect(await (await call('/api/sample-credit')).json()).toEqual(OFF);
    expect(await auditRows()).toEqual([]);
  });
});
