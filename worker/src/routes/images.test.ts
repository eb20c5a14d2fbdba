import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { MAX_IMAGE_BYTES, type UploadedImage } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call, createUser, ORIGIN } from '../../test/helpers.ts';
import { imageFixtures } from '../../test/image-fixtures.ts';
import { sniffImageType } from '../storage/images.ts';

const UNSUPPORTED = 'Format gambar tidak didukung. Gunakan JPG, PNG, WebP, GIF atau AVIF.';
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

function form(bytes: Uint8Array, name: string, type: string): FormData {
  const body = new FormData();
  body.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return body;
}

const upload = (body: BodyInit, cookie?: string, headers?: HeadersInit) =>
  call('/api/images', { method: 'POST', body, cookie, headers });

const storedCount = async () => (await env.IMAGES.list()).objects.length;

/** A file of `size` bytes that starts like a PNG. */
function pngOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(imageFixtures.png.bytes.subarray(0, 16));
  return bytes;
}

describe('POST /api/images', () => {
  it.each(Object.entries(imageFixtures))(
    'stores a real %s under a server key with the sniffed type',
    async (ext, fixture) => {
      const admin = await createUser('admin');
      // The declared type and name are ignored: only the bytes count.
      const res = await upload(
        form(fixture.bytes, 'foto dari kamera.bin', 'application/octet-stream'),
        admin.cookie,
      );
      expect(res.status).toBe(201);
      const body = (await res.json()) as UploadedImage;
      expect(body.key).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
      expect(body).toEqual({
        url: `/images/${body.key}`,
        key: body.key,
        contentType: fixture.type,
        size: fixture.bytes.length,
        widths: [],
      });
      const stored = await env.IMAGES.get(body.key);
      expect(stored?.httpMetadata?.contentType).toBe(fixture.type);
      expect(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(fixture.bytes);
    },
  );

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.svg', 'image/svg+xml'],
    ['HTML', '<!doctype html><script>alert(1)</script>', 'halaman.html', 'text/html'],
    ['HTML renamed to .png', '<html><body><script>alert(1)</script></body></html>', 'foto.png', 'image/png'],
    ['an empty file', '', 'kosong.png', 'image/png'],
  ])('refuses %s with 415 and stores nothing', async (_, content, name, type) => {
    const admin = await createUser('admin');
    const res = await upload(form(new TextEncoder().encode(content), name, type), admin.cookie);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: { code: 'unsupported_image_type', message: UNSUPPORTED, fields: { file: UNSUPPORTED } },
    });
    expect(await storedCount()).toBe(0);
  });

  it('refuses HEIC, which shares AVIF’s container but not its brand', async () => {
    const admin = await createUser('admin');
    const heic = new TextEncoder().encode('\0\0\0\x18ftypheic\0\0\0\0mif1heic');
    const res = await upload(form(heic, 'foto.avif', 'image/avif'), admin.cookie);
    expect(res.status).toBe(415);
  });

  it('refuses a body that is not multipart/form-data with 415', async () => {
    const admin = await createUser('admin');
    const raw = await upload(new Uint8Array(imageFixtures.png.bytes), admin.cookie, {
      'content-type': 'image/png',
    });
    expect(raw.status).toBe(415);
    expect(((await raw.json()) as ErrorBody).error.code).toBe('unsupported_media_type');
    const json = await call('/api/images', {
      method: 'POST',
      json: { file: 'data:image/png;base64,AAAA' },
      cookie: admin.cookie,
    });
    expect(json.status).toBe(415);
    expect(await storedCount()).toBe(0);
  });

  it('asks for the file when the form has none', async () => {
    const admin = await createUser('admin');
    const body = new FormData();
    body.append('gambar', 'bukan file');
    const res = await upload(body, admin.cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.fields).toEqual({ file: 'Pilih file gambar' });
  });

  it('accepts exactly 5 MB and refuses one byte more with 413', async () => {
    const admin = await createUser('admin');
    const exact = await upload(form(pngOfSize(MAX_IMAGE_BYTES), 'besar.png', 'image/png'), admin.cookie);
    expect(exact.status).toBe(201);
    expect(((await exact.json()) as UploadedImage).size).toBe(MAX_IMAGE_BYTES);
    const over = await upload(
      form(pngOfSize(MAX_IMAGE_BYTES + 1), 'terlalu-besar.png', 'image/png'),
      admin.cookie,
    );
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({
      error: { code: 'payload_too_large', message: 'Ukuran gambar maksimal 5 MB' },
    });
    expect(await storedCount()).toBe(1);
  });

  it('refuses a large body by its Content-Length, and without one while reading', async () => {
    const admin = await createUser('admin');
    const big = form(pngOfSize(6 * 1024 * 1024), 'besar.png', 'image/png');
    const byLength = await upload(big, admin.cookie);
    expect(byLength.status).toBe(413);

    // The same multipart body streamed in chunks, so no Content-Length is known up front.
    const encoded = new Request('https://x.test', { method: 'POST', body: big });
    const contentType = encoded.headers.get('content-type') ?? '';
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    );
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const streamed = await exports.default.fetch(
      new Request(`${ORIGIN}/api/images`, {
        method: 'POST',
        body: stream,
        headers: { 'content-type': contentType, origin: ORIGIN, cookie: admin.cookie },
      }),
    );
    expect(streamed.status).toBe(413);
    expect(await storedCount()).toBe(0);
  });

  it('answers 401 to a guest and 403 to a customer, storing nothing', async () => {
    const customer = await createUser('customer');
    const body = () => form(imageFixtures.png.bytes, 'foto.png', 'image/png');
    expect((await upload(body())).status).toBe(401);
    const res = await upload(body(), customer.cookie);
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error.code).toBe('forbidden');
    expect(await storedCount()).toBe(0);
  });
});

describe('GET /images/:key', () => {
  it('serves the stored type with nosniff, a year of immutable cache and an ETag, then 304', async () => {
    const admin = await createUser('admin');
    const { url } = (await (
      await upload(form(imageFixtures.webp.bytes, 'foto.webp', 'image/webp'), admin.cookie)
    ).json()) as UploadedImage;
    const res = await call(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-length')).toBe(String(imageFixtures.webp.bytes.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(imageFixtures.webp.bytes);

    const revalidated = await call(url, { headers: { 'if-none-match': etag ?? '' } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await revalidated.text()).toBe('');

    const stale = await call(url, { headers: { 'if-none-match': '"lain"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('answers 404 JSON for a missing key and for a key it would never create', async () => {
    await env.IMAGES.put('halaman.html', '<script>alert(1)</script>', {
      httpMetadata: { contentType: 'text/html' },
    });
    for (const path of [
      '/images/3f2a9c1e-0000-4000-8000-000000000000.png',
      '/images/halaman.html',
      '/images/..%2Fx.png',
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Gambar tidak ditemukan' } });
    }
  });
});

describe('sniffImageType', () => {
  it('reads the type from the first bytes only', () => {
    for (const fixture of Object.values(imageFixtures)) {
      expect(sniffImageType(fixture.bytes.subarray(0, 64))?.contentType).toBe(fixture.type);
    }
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF8'))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});
