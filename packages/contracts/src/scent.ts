// The scent vocabulary of a product (decision 017): note layers, concentrations and
// genders with their Indonesian labels. Its own module, so that only the pages that
// show them (product page, admin form) carry the labels, not every page.

export const noteLayers = ['top', 'heart', 'base'] as const;
export type NoteLayer = (typeof noteLayers)[number];
export const noteLayerLabels: Record<NoteLayer, string> = {
  top: 'Nada Atas',
  heart: 'Nada Tengah',
  base: 'Nada Dasar',
};
export type ScentNotes = Record<NoteLayer, string[]>;

export { type Concentration, concentrations, type Gender, genders } from './scent-kinds.ts';

import type { Concentration, Gender } from './scent-kinds.ts';

export const concentrationLabels: Record<Concentration, string> = {
  EDT: 'Eau de Toilette (EDT)',
  EDP: 'Eau de Parfum (EDP)',
  Parfum: 'Parfum',
  Extrait: 'Extrait de Parfum',
};

export const genderLabels: Record<Gender, string> = { pria: 'Pria', wanita: 'Wanita', unisex: 'Unisex' };

/** A note as it is matched: lower case, no accents, single spaces ('Néroli ' → 'neroli'). */
export function foldNote(note: string): string {
  return note.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
