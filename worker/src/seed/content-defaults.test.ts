import { env } from 'cloudflare:test';
import {
  type FaqEntry,
  type Policy,
  paymentSettingsSchema,
  policyKinds,
  policyTitles,
  type SiteSettings,
  siteSettingsSchema,
} from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';
import {
  contentSeedStatements,
  DEMO_WHATSAPP,
  defaultFaq,
  defaultPolicies,
  defaultSiteSettings,
  demoPaymentSettings,
  paymentSeedStatement,
  whatsappSeedStatement,
} from './content-defaults.ts';

describe('content seed', () => {
  it('the defaults pass the schemas the admin edits them with', () => {
    expect(siteSettingsSchema.parse(defaultSiteSettings)).toEqual(defaultSiteSettings);
    expect(defaultFaq.length).toBeGreaterThanOrEqual(5);
    expect(defaultFaq[0]?.answer).toContain('2-5 hari kerja');
    expect(defaultPolicies['shipping-policy']).toMatch(/Jabodetabek: 1-2 hari kerja[\s\S]*Pulau Jawa: 2-3/);
    expect(defaultPolicies['returns-policy']).toContain('7 hari');
  });

  it('writes the FAQ in order and the four policies, which the public API then serves', async () => {
    await env.DB.batch(contentSeedStatements(env.DB));
    const faq = await (await call('/api/content/faq')).json<{ items: FaqEntry[] }>();
    expect(faq.items.map(({ question, answer }) => ({ question, answer }))).toEqual(defaultFaq);
    for (const kind of policyKinds) {
      const policy = await (await call(`/api/content/policies/${kind}`)).json<Policy>();
      expect(policy).toMatchObject({ kind, title: policyTitles[kind], content: defaultPolicies[kind] });
    }
  });

  it('runs again without duplicating anything or undoing the admin’s edits', async () => {
    await env.DB.batch(contentSeedStatements(env.DB));
    const admin = await createUser('owner');
    await call('/api/content/policies/privacy-policy', {
      method: 'PUT',
      json: { content: 'Kebijakan buatan admin' },
      cookie: admin.cookie,
    });
    await env.DB.batch(contentSeedStatements(env.DB));
    expect(await countRows('customer_service')).toBe(defaultFaq.length + policyKinds.length);
    const policy = await (await call('/api/content/policies/privacy-policy')).json<Policy>();
    expect(policy.content).toBe('Kebijakan buatan admin');
  });

  it('leaves an FAQ the admin already started alone', async () => {
    const admin = await createUser('owner');
    await call('/api/content/faq', {
      method: 'POST',
      json: { question: 'Satu-satunya?', answer: 'Ya.' },
      cookie: admin.cookie,
    });
    await env.DB.batch(contentSeedStatements(env.DB));
    const faq = await (await call('/api/content/faq')).json<{ items: FaqEntry[] }>();
    expect(faq.items.map((e) => e.question)).toEqual(['Satu-satunya?']);
  });
});

describe('payment seed', () => {
  it("writes the demo accounts once, never over the admin's own", async () => {
    expect(paymentSettingsSchema.parse(demoPaymentSettings)).toEqual(demoPaymentSettings);
    await env.DB.batch([paymentSeedStatement(env.DB)]);
    const seeded = await (await call('/api/settings/payment')).json<{ bankAccounts: { bank: string }[] }>();
    expect(seeded).toEqual({
      bankAccounts: demoPaymentSettings.bankAccounts,
      paymentWindowHours: 24,
      qrisImage: null,
    });
    expect(seeded.bankAccounts.map((a) => a.bank)).toEqual(['BCA', 'Mandiri']);

    const admin = await createUser('owner');
    const own = {
      ...demoPaymentSettings,
      bankAccounts: [{ bank: 'BRI', accountNumber: '0012345678', holder: 'PT Global Imperium' }],
    };
    await call('/api/admin/settings/payment', { method: 'PUT', cookie: admin.cookie, json: own });
    await env.DB.batch([paymentSeedStatement(env.DB)]);
    const kept = await (await call('/api/settings/payment')).json<{ bankAccounts: unknown[] }>();
    expect(kept.bankAccounts).toEqual(own.bankAccounts);
  });
});

describe('WhatsApp seed', () => {
  it("gives the demo shop a mobile number, never over the admin's own", async () => {
    await env.DB.batch([whatsappSeedStatement(env.DB)]);
    const seeded = await (await call('/api/settings')).json<SiteSettings>();
    expect(seeded.contactWhatsapp).toBe(DEMO_WHATSAPP);
    expect(siteSettingsSchema.shape.contactWhatsapp.safeParse(DEMO_WHATSAPP).success).toBe(true);

    const admin = await createUser('owner');
    await call('/api/settings', {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { contactWhatsapp: '0857-1234-5678' },
    });
    await env.DB.batch([whatsappSeedStatement(env.DB)]);
    expect((await (await call('/api/settings')).json<SiteSettings>()).contactWhatsapp).toBe('0857-1234-5678');
  });
});
