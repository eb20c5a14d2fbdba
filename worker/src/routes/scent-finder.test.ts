import { env } from 'cloudflare:test';
import { foldNote, type ScentMatch } from '@gi/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/helpers.ts';
import { NOTE_CANDIDATES } from '../services/scent-finder.ts';

// 'Cari Aroma' (issue 41, decision 044): GET /api/scent-finder.

interface Row {
  id: string;
  gender?: 'pria' | 'wanita' | 'unisex' | null;
  concentration?: 'EDT' | 'EDP' | 'Parfum' | 'Extrait' | null;
  /** Notes of the heart layer. */
  notes?: string[];
  /** [size_ml, price] smallest first; the product's price is the first's. */
  sizes?: [number, number][];
}

/** Products with known creation times: row i is i minutes after the first. */
async function insert(rows: Row[]) {
  const product = env.DB.prepare(
    'INSERT INTO products (id, name, description, price, image, concentration, gender, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const size = env.DB.prepare(
    'INSERT INTO product_variants (id, product_id, size_ml, price, stock) VALUES (?, ?, ?, ?, 10)',
  );
  const note = env.DB.prepare(
    "INSERT INTO product_notes (product_id, layer, position, note, note_key) VALUES (?, 'heart', ?, ?, ?)",
  );
  await env.DB.batch(
    rows.flatMap((row, i) => {
      const sizes = row.sizes ?? [[50, 300_000]];
      return [
        product.bind(
          row.id,
          `Parfum ${row.id}`,
          'Wangi uji.',
          sizes[0]?.[1] ?? 0,
          '/images/contoh.webp',
          row.concentration ?? null,
          row.gender ?? null,
          new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
        ),
        ...sizes.map(([ml, price]) => size.bind(`${row.id}-${ml}`, row.id, ml, price)),
        ...(row.notes ?? []).map((name, position) => note.bind(row.id, position, name, foldNote(name))),
      ];
    }),
  );
}

async function find(query: string): Promise<ScentMatch[]> {
  const res = await call(`/api/scent-finder?${query}`);
  expect(res.status, `${query}: ${await res.clone().text()}`).toBe(200);
  return ((await res.json()) as { items: ScentMatch[] }).items;
}

describe('GET /api/scent-finder', () => {
  it('ranks loved notes first, says why in Indonesian, and offers the sample size first', async () => {
    await insert([
      {
        id: 'jasmine',
        gender: 'wanita',
        concentration: 'EDP',
        notes: ['Melati Sambac', 'Cendana'],
        sizes: [
          [5, 45_000],
          [50, 450_000],
        ],
      },
      { id: 'rose', gender: 'wanita', concentration: 'EDT', notes: ['Mawar Damaskus'] },
      { id: 'oud', gender: 'pria', concentration: 'Extrait', notes: ['Oud'] },
      { id: 'flower', gender: 'unisex', concentration: 'EDP', notes: ['Bunga Melati'] },
    ]);
    const items = await find('gender=wanita&notes=melati,cendana&concentration=EDP&budget=500000');
    // 'Bunga Melati' is not melati's key ('melati' or 'melati …'); the pria product is not for her,
    // and the EDT without a note asked for is no match.
    expect(items.map((m) => m.product.id)).toEqual(['jasmine', 'flower']);
    const [best] = items;
    expect(best?.reasons).toEqual([
      'Ada melati dan cendana yang Anda suka',
      'Eau de Parfum (EDP) sesuai pilihan Anda',
      'Untuk wanita',
      'Dalam anggaran Anda',
    ]);
    expect(best?.product.variants.map((v) => [v.size_ml, v.price])).toEqual([
      [5, 45_000],
      [50, 450_000],
    ]);
    expect(items[1]?.reasons).toEqual([
      'Eau de Parfum (EDP) sesuai pilihan Anda',
      'Unisex, cocok juga untuk wanita',
      'Dalam anggaran Anda',
    ]);
  });

  it('maps the local notes to their other names, a mood and an occasion to notes', async () => {
    await insert([
      { id: 'agarwood', notes: ['Oud', 'Amber'] },
      { id: 'fresh', notes: ['Bergamot', 'Teh Putih'] },
      { id: 'plain', notes: ['Kopi Gayo'] },
    ]);
    const [agarwood] = await find('notes=gaharu');
    // Its oud is gaharu; the reason says the shopper's word.
    expect(agarwood?.product.id).toBe('agarwood');
    expect(agarwood?.reasons).toEqual(['Ada gaharu yang Anda suka']);
    const [office] = await find('mood=segar&occasion=kantor');
    expect(office?.product.id).toBe('fresh');
    expect(office?.reasons).toEqual([
      'Segar dan ringan: bergamot dan teh putih',
      'Cocok untuk ke kantor: bergamot dan teh putih',
    ]);
  });

  it('keeps to the budget and the gender, and answers with the newest when no note is asked', async () => {
    await insert([
      { id: 'cheap', gender: 'pria', sizes: [[10, 90_000]] },
      { id: 'dear', gender: 'pria', sizes: [[100, 900_000]] },
      { id: 'hers', gender: 'wanita', sizes: [[10, 90_000]] },
      { id: 'open', sizes: [[30, 120_000]] },
    ]);
    expect((await find('gender=pria&budget=150000')).map((m) => m.product.id)).toEqual(['cheap', 'open']);
    expect((await find('gender=unisex')).map((m) => m.product.id)).toEqual(['open']);
  });

  it('reads at most NOTE_CANDIDATES products of one note, in the order of the note index', async () => {
    // One product more than the bound, ids in creation order: the index (note_key, product_id)
    // brings m000…m199, so the newest, m200, is no note match (only the filters' newest, score 0).
    const rows = Array.from({ length: NOTE_CANDIDATES + 1 }, (_, i) => ({
      id: `m${String(i).padStart(3, '0')}`,
      notes: ['Melati'],
    }));
    await insert(rows);
    const items = await find('notes=melati');
    expect(items.map((m) => m.product.id)).toEqual(['m199', 'm198', 'm197', 'm196', 'm195', 'm194']);
  });

  it('refuses bad answers with 400 and an Indonesian message', async () => {
    for (const [query, message] of [
      ['mood=gembira', 'Suasana harus salah satu dari'],
      ['gender=anak', 'Untuk siapa harus pria, wanita atau unisex'],
      ['notes=durian', 'Aroma harus salah satu dari'],
      ['notes=melati,kenanga,gaharu,nilam,cendana,mawar', 'Pilih paling banyak 5 aroma'],
      ['budget=murah', 'Anggaran harus berupa angka rupiah'],
      ['concentration=cologne', 'Kekuatan aroma harus EDT, EDP, Parfum atau Extrait'],
    ] as const) {
      const res = await call(`/api/scent-finder?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { message: string; fields?: Record<string, string> } };
      expect(JSON.stringify(body.error), query).toContain(message);
    }
  });
});
