import {
  concentrationLabels,
  FINDER_RESULTS,
  type FinderNote,
  finderMoodLabels,
  finderMoodNotes,
  finderNoteKeys,
  finderOccasionLabels,
  finderOccasionNotes,
  foldNote,
  genderLabels,
  type NoteKey,
  type ScentFinderQuery,
  type ScentMatch,
} from '@gi/contracts';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productReviewStats, products } from '../db/schema.ts';
import { productColumns } from './products.ts';
import { rated } from './reviews.ts';

// 'Cari Aroma' (issue 41, decision 044): the shop's products scored against a shopper's answers,
// by the mapping of packages/contracts/src/scent-finder.ts.

/** Weights of the score: a loved note counts most, then the strength asked for. */
const LOVED = 3;
const MOOD = 1;
const CONCENTRATION = 2;
const GENDER = 1;
/** Products one note key brings at most, read from the note index (product_notes_key). */
export const NOTE_CANDIDATES = 200;
/** Products the answers' filters bring besides the notes' (the newest first): a search with no note still answers. */
const FILTER_CANDIDATES = 50;

/** Note keys wanted and their weight: a key both loved and of the mood counts for both. */
function wantedKeys({ notes, mood, occasion }: ScentFinderQuery): Map<NoteKey, number> {
  const wanted = new Map<NoteKey, number>();
  const add = (keys: readonly NoteKey[], weight: number) => {
    for (const key of keys) wanted.set(key, (wanted.get(key) ?? 0) + weight);
  };
  for (const note of notes) add(finderNoteKeys[note], LOVED);
  if (mood) add(finderMoodNotes[mood], MOOD);
  if (occasion) add(finderOccasionNotes[occasion], MOOD);
  return wanted;
}

/** Whether a product's folded note is the key or starts with it and a space ('melati sambac'). */
const matchesKey = (noteKey: string, key: NoteKey) => noteKey === key || noteKey.startsWith(`${key} `);
/**
 * A product the shopper can want: for them (or unisex, or not said) and within the budget at its
 * price now, a live sale's included (decision 060).
 */
function fits(p: SQL, { gender, budget }: ScentFinderQuery): SQL {
  const forWhom =
    gender === undefined
      ? sql`1`
      : gender === 'unisex'
        ? sql`(${p}.gender IS NULL OR ${p}.gender = 'unisex')`
        : sql`(${p}.gender IS NULL OR ${p}.gender IN (${gender}, 'unisex'))`;
  return budget === undefined ? forWhom : sql`${forWhom} AND ${p}.price_now <= ${budget}`;
}

/**
 * The best FINDER_RESULTS matches, best first. Bounded whatever the catalogue's size: each wanted
 * note key reads at most NOTE_CANDIDATES fitting products from one range of the note index
 * (product_notes_key: every key in [key, key || '!') is the key itself or the key, a space and
 * more, as folded notes hold no character below '!' but the space), the filters at most
 * FILTER_CANDIDATES more (newest first), and only those are scored; one statement. CROSS JOIN
 * keeps the note index the outer loop: without statistics SQLite drove the read from
 * products_gender instead, every product of the gender per key (EXPLAIN QUERY PLAN).
 */
export async function findScents(db: Db, query: ScentFinderQuery): Promise<{ items: ScentMatch[] }> {
  const wanted = JSON.stringify([...wantedKeys(query)]);
  const key = sql`json_extract(w.value, '$[0]')`;
  const byNote = sql`SELECT p.id AS id, json_extract(w.value, '$[1]') AS weight
    FROM json_each(${wanted}) AS w
    JOIN products AS p ON p.id IN (
      SELECT pn.product_id FROM product_notes AS pn CROSS JOIN products AS q ON q.id = pn.product_id
      WHERE pn.note_key >= ${key} AND pn.note_key < ${key} || '!' AND ${fits(sql`q`, query)}
      ORDER BY pn.note_key, pn.product_id LIMIT ${NOTE_CANDIDATES})`;
  const byFilter = sql`SELECT * FROM (
    SELECT p.id AS id, 0 AS weight FROM products AS p
    WHERE ${fits(sql`p`, query)} ${query.concentration ? sql`AND p.concentration = ${query.concentration}` : sql``}
    ORDER BY p.created_at DESC, p.id LIMIT ${FILTER_CANDIDATES})`;
  const candidates = sql`${byNote} UNION ALL ${byFilter}`;
  const hit = sql`(SELECT id, sum(weight) AS score FROM (${candidates}) GROUP BY id) AS hit`;
  const strength = query.concentration
    ? sql`iif(${products.concentration} = ${query.concentration}, ${CONCENTRATION}, 0)`
    : sql`0`;
  const forWhom =
    query.gender && query.gender !== 'unisex'
      ? sql`iif(${products.gender} = ${query.gender}, ${GENDER}, 0)`
      : sql`0`;
  const rows = await db
    .select({
      ...productColumns,
      // Every note of the product, for the reasons (a product has at most 3 × MAX_LAYER_NOTES).
      notes: sql<
        string[]
      >`(SELECT json_group_array(pn.note) FROM product_notes AS pn WHERE pn.product_id = ${products.id})`.mapWith(
        (json: string) => JSON.parse(json) as string[],
      ),
    })
    .from(hit)
    .innerJoin(products, sql`${products.id} = hit.id`)
    .leftJoin(productReviewStats, rated)
    .orderBy(sql`hit.score + ${strength} + ${forWhom} DESC`, desc(products.createdAt), asc(products.id))
    .limit(FINDER_RESULTS)
    .all();
  return {
    items: rows.map(({ notes, ...product }) => ({ product, reasons: reasons(product, notes, query) })),
  };
}

/** Which of the notes (names as the shop wrote them) match one of the keys. */
const notesMatching = (names: string[], keys: readonly NoteKey[]) =>
  names.filter((name) => keys.some((key) => matchesKey(foldNote(name), key)));

const list = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} dan ${items.at(-1)}`;

function reasons(
  product: Pick<ScentMatch['product'], 'concentration' | 'gender'>,
  noteNames: string[],
  { notes, mood, occasion, concentration, gender, budget }: ScentFinderQuery,
): string[] {
  const out: string[] = [];
  const loved = notes.filter((note: FinderNote) => notesMatching(noteNames, finderNoteKeys[note]).length);
  // The notes' own names ('nilam'), not their labels with other names ('Nilam (patchouli)').
  if (loved.length) out.push(`Ada ${list(loved)} yang Anda suka`);
  if (mood) {
    const found = notesMatching(noteNames, finderMoodNotes[mood]);
    if (found.length) out.push(`${finderMoodLabels[mood]}: ${list(found.map((n) => n.toLowerCase()))}`);
  }
  if (occasion) {
    const found = notesMatching(noteNames, finderOccasionNotes[occasion]);
    if (found.length)
      out.push(
        `Cocok untuk ${finderOccasionLabels[occasion].toLowerCase()}: ${list(found.map((n) => n.toLowerCase()))}`,
      );
  }
  if (concentration && product.concentration === concentration)
    out.push(`${concentrationLabels[concentration]} sesuai pilihan Anda`);
  if (gender && product.gender === gender)
    out.push(
      gender === 'unisex' ? 'Unisex, untuk siapa saja' : `Untuk ${genderLabels[gender].toLowerCase()}`,
    );
  else if (gender && product.gender === 'unisex')
    out.push(`Unisex, cocok juga untuk ${genderLabels[gender].toLowerCase()}`);
  if (budget !== undefined) out.push('Dalam anggaran Anda');
  return out;
}
