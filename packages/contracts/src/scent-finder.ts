// 'Cari Aroma' (issue 41, decision 044): the finder's questions and how each answer maps to the
// notes the shop keeps. The one place of this mapping: the Worker scores by it, the page asks by
// it. Zod-free, for the finder's page; the API's check is schemas/scent-finder.ts.

import { type Concentration, concentrations, foldNote, type Gender, genders } from './scent.ts';

/**
 * A note as the finder matches it: a folded note key (`foldNote`) matches a product's note of
 * that key or one that starts with it and a space ('melati' matches 'Melati Sambac', not
 * 'Bunga Melati').
 */
export type NoteKey = string;

export const finderMoods = ['segar', 'manis', 'hangat', 'bunga', 'kayu'] as const;
export type FinderMood = (typeof finderMoods)[number];
export const finderMoodLabels: Record<FinderMood, string> = {
  segar: 'Segar dan ringan',
  manis: 'Manis dan lembut',
  hangat: 'Hangat berempah',
  bunga: 'Romantis, bunga-bungaan',
  kayu: 'Misterius, kayu dan resin',
};
export const finderMoodNotes: Record<FinderMood, readonly NoteKey[]> = {
  segar: ['bergamot', 'lemon', 'jeruk', 'yuzu', 'mint', 'teh'],
  manis: ['vanila', 'karamel', 'tonka', 'leci', 'benzoin'],
  hangat: ['amber', 'kayu manis', 'kapulaga', 'safron', 'lada hitam'],
  bunga: ['mawar', 'melati', 'peoni', 'sedap malam', 'iris'],
  kayu: ['gaharu', 'oud', 'nilam', 'vetiver', 'cendana', 'cedar'],
};

/** The occasions of a review's wear-test (reviewOccasions), asked the same way. */
export const finderOccasions = ['kantor', 'malam', 'acara', 'sehari-hari'] as const;
export type FinderOccasion = (typeof finderOccasions)[number];
export const finderOccasionLabels: Record<FinderOccasion, string> = {
  kantor: 'Ke kantor',
  malam: 'Malam hari',
  acara: 'Acara istimewa',
  'sehari-hari': 'Sehari-hari',
};
export const finderOccasionNotes: Record<FinderOccasion, readonly NoteKey[]> = {
  kantor: ['teh', 'bergamot', 'kasturi', 'iris'],
  malam: ['oud', 'gaharu', 'amber', 'vanila', 'tembakau'],
  acara: ['mawar', 'safron', 'cendana', 'melati'],
  'sehari-hari': ['jeruk', 'kasturi', 'bambu', 'lili air'],
};

/** Notes a shopper may say they love, the local ones first; each with the keys it matches. */
export const finderNotes = [
  'melati',
  'kenanga',
  'gaharu',
  'nilam',
  'cendana',
  'mawar',
  'vanila',
  'jeruk',
  'kasturi',
  'kopi',
] as const;
export type FinderNote = (typeof finderNotes)[number];
export const finderNoteLabels: Record<FinderNote, string> = {
  melati: 'Melati',
  kenanga: 'Kenanga',
  gaharu: 'Gaharu (oud)',
  nilam: 'Nilam (patchouli)',
  cendana: 'Cendana',
  mawar: 'Mawar',
  vanila: 'Vanila',
  jeruk: 'Jeruk',
  kasturi: 'Kasturi (musk)',
  kopi: 'Kopi',
};
export const finderNoteKeys: Record<FinderNote, readonly NoteKey[]> = {
  melati: ['melati', 'jasmine'],
  kenanga: ['kenanga', 'ylang-ylang'],
  gaharu: ['gaharu', 'oud'],
  nilam: ['nilam', 'patchouli'],
  cendana: ['cendana', 'sandalwood'],
  mawar: ['mawar', 'rose'],
  vanila: ['vanila', 'vanilla'],
  jeruk: ['jeruk', 'bergamot', 'lemon'],
  kasturi: ['kasturi', 'musk'],
  kopi: ['kopi', 'coffee'],
};
/** Loved notes one search takes (each is a bounded index read, decision 044). */
export const FINDER_MAX_NOTES = 5;

/** Budgets offered (rupiah, the smallest size's price at most); the API takes any whole amount. */
export const finderBudgets = [150_000, 300_000, 500_000, 1_000_000] as const;
/** Matches one answer shows. */
export const FINDER_RESULTS = 6;
/** A size this small (ml) or smaller is a sample: the finder offers it first. */
export const SAMPLE_MAX_ML = 10;

/** What a shopper answered; every field is optional. */
export interface FinderChoice {
  gender?: Gender | undefined;
  mood?: FinderMood | undefined;
  occasion?: FinderOccasion | undefined;
  notes: FinderNote[];
  concentration?: Concentration | undefined;
  budget?: number | undefined;
}

const pick = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option === value);

/**
 * The finder's answers from its page's URL (a plain GET form: `note` repeats), null before the
 * form was sent. Lenient as the pages are: a value the API would refuse is dropped.
 */
export function parseFinderChoice(search: URLSearchParams): FinderChoice | null {
  const keys = ['gender', 'mood', 'occasion', 'note', 'concentration', 'budget'];
  if (!keys.some((key) => search.has(key))) return null;
  const budget = Number(search.get('budget') || Number.NaN);
  return {
    gender: pick(genders, search.get('gender')),
    mood: pick(finderMoods, search.get('mood')),
    occasion: pick(finderOccasions, search.get('occasion')),
    notes: [...new Set(search.getAll('note'))]
      .map((note) => pick(finderNotes, foldNote(note)))
      .filter((note) => note !== undefined)
      .slice(0, FINDER_MAX_NOTES),
    concentration: pick(concentrations, search.get('concentration')),
    budget: Number.isInteger(budget) && budget >= 1 && budget <= 1_000_000_000 ? budget : undefined,
  };
}

/** The API's query of a choice (`GET /scent-finder`): loved notes comma-separated, blanks left out. */
export function finderQuery({ gender, mood, occasion, notes, concentration, budget }: FinderChoice) {
  return {
    gender,
    mood,
    occasion,
    notes: notes.length ? notes.join(',') : undefined,
    concentration,
    budget,
  };
}
