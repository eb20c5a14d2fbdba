import { z } from 'zod';

// Every text a person types goes through one of these. Control characters are never
// typed: a NUL, for one, ends the text for SQLite's length() and fails the table's CHECK.
export const controlCharacterMessage = 'Teks mengandung karakter yang tidak diizinkan';

const ONE_LINE = /^\P{Cc}*$/u;
const MULTI_LINE = /^(?:[\t\n\r]|\P{Cc})*$/u;

/** Text typed on one line (names, titles, search): trimmed, no control characters. */
export const lineText = () => z.string().trim().regex(ONE_LINE, controlCharacterMessage);

/** Text typed in a text area: trimmed, newlines and tabs allowed, no other control characters. */
export const multilineText = () => z.string().trim().regex(MULTI_LINE, controlCharacterMessage);
