import { env } from 'cloudflare:test';
import type { SiteSettings } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, countRows, createUser } from '../../test/helpers.ts';
import { defaultSiteSettings } from '../seed/content-defaults.ts';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const readSettings = async () => (await call('/api/settings')).json<SiteSettings>();
const save = (json: unknown, cookie?: string) => call('/api/settings', { method: 'PATCH', json, cookie });

describe('site settings', () => {
  it('serves the spec defaults before the admin saves anything', async () => {
    const res = await call('/api/settings');
    expect(res.status).toBe(200);
    const settings = await res.json<SiteSettings>();
    expect(settings).toEqual(defaultSiteSettings);
    // No WhatsApp until the admin enters one: the shop shows no WhatsApp button.
    expect(settings.contactWhatsapp).toBe('');
    expect(settings.aboutTitle).toBe('Tentang PT. Global Imperium');
    expect(settings.hoursHome).toEqual([
      { days: 'Senin - Jumat', hours: '08:00 - 21:00' },
      { days: 'Sabtu', hours: '08:00 - 21:00' },
      { days: 'Minggu', hours: '08:00 - 20:00' },
    ]);
    expect(settings.hoursContact).toEqual([
      { days: 'Senin - Jumat', hours: '09:00 - 17:00' },
      { days: 'Sabtu - Minggu', hours: '10:00 - 15:00' },
    ]);
  });

  it('shows every visitor the admin’s saved settings', async () => {
    const admin = await createUser('admin');
    const edited: SiteSettings = {
      ...defaultSiteSettings,
      heroBackground: '/images/hero-baru.webp',
      aboutTitle: 'Kisah Kami',
      aboutImage: 'https://cdn.contoh.id/tentang.jpg',
      contactPhone2: '',
      contactWhatsapp: '0812-3456-7890',
      hoursContact: [{ days: 'Setiap hari', hours: '10:00 - 18:00' }],
    };
    const res = await save({ ...edited, aboutTitle: '  Kisah Kami  ' }, admin.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(edited);
    expect(await readSettings()).toEqual(edited);

    // Saving again replaces the stored values instead of adding rows.
    await save({ ...edited, heroBackground: '' }, admin.cookie);
    expect((await readSettings()).heroBackground).toBeNull();
    expect(await countRows('site_settings')).toBe(Object.keys(defaultSiteSettings).length);
  });

  it('falls back to the default of a field that is missing or no longer valid', async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO site_settings (key, value) VALUES ('aboutTitle', '\"Judul tersimpan\"')"),
      env.DB.prepare("INSERT INTO site_settings (key, value) VALUES ('contactEmail', '42')"),
      env.DB.prepare("INSERT INTO site_settings (key, value) VALUES ('lainnya', '\"abaikan\"')"),
    ]);
    expect(await readSettings()).toEqual({ ...defaultSiteSettings, aboutTitle: 'Judul tersimpan' });
  });

  it('keeps the edits of two admins who save different parts at once', async () => {
    const [about, contact] = [await createUser('admin'), await createUser('admin')];
    // Both opened the settings before either saved; each sends only what it changed.
    const saves = await Promise.all([
      save({ aboutTitle: 'Kisah Kami' }, about.cookie),
      save({ contactPhone1: '021-555-0101' }, contact.cookie),
    ]);
    expect(saves.map((res) => res.status)).toEqual([200, 200]);
    expect(await readSettings()).toEqual({
      ...defaultSiteSettings,
      aboutTitle: 'Kisah Kami',
      contactPhone1: '021-555-0101',
    });
    expect(await countRows('site_settings')).toBe(2);
  });

  it('validates each field sent with Indonesian messages, saving nothing', async () => {
    const admin = await createUser('admin');
    const res = await save(
      {
        ...defaultSiteSettings,
        aboutTitle: ' ',
        contactEmail: 'bukan-email',
        heroBackground: 'javascript:alert(1)',
        // The office line: wa.me cannot reach a landline (issue 29, defect 5).
        contactWhatsapp: '+62 21 7250 8800',
      },
      admin.cookie,
    );
    expect(res.status).toBe(400);
    expect((await res.json<ErrorBody>()).error.fields).toEqual({
      aboutTitle: 'Judul harus diisi',
      contactEmail: 'Email tidak valid',
      heroBackground: 'URL gambar tidak valid',
      contactWhatsapp: 'Nomor WhatsApp harus nomor ponsel Indonesia (08…, +628… atau 628…)',
    });
    const nothing = await save({}, admin.cookie);
    expect(nothing.status).toBe(400);
    expect((await nothing.json<ErrorBody>()).error.message).toBe('Tidak ada perubahan');
    const unknown = await save({ aboutTitle: 'Judul', lainnya: 'x' }, admin.cookie);
    expect(unknown.status).toBe(400);
    expect(await countRows('site_settings')).toBe(0);
  });

  it('refuses guests (401) and customers (403), saving nothing', async () => {
    const body = { ...defaultSiteSettings, aboutTitle: 'Diretas' };
    expect((await save(body)).status).toBe(401);
    const customer = await createUser('customer');
    expect((await save(body, customer.cookie)).status).toBe(403);
    expect(await countRows('site_settings')).toBe(0);
  });
});
