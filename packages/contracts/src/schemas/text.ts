import { z } from 'zod';

// Every text a person types goes through one of these (decision 024), so the forms and the
// API refuse the same input with the same words. Refused, as no keyboard types them:
// - control characters: a NUL, for one, ends the text for SQLite's length() and fails the table's CHECK;
// - U+2028/U+2029, line breaks to JavaScript and to a mail header (a courier name reached a subject);
// - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which show text in
//   another order than it is stored ('‮gpj.exe' shows as 'exe.jpg');
// - lone surrogates, half of a character that no encoding can store.
export const controlCharacterMessage = 'Teks mengandung karakter yang tidak diizinkan';
/** Text made only of spaces and zero-width characters looks empty but is not. */
export const invisibleTextMessage = 'Teks tidak boleh hanya berisi karakter tak terlihat';

const NEVER = String.raw`\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069`;
const ONE_LINE = new RegExp(String.raw`^[^\p{Cc}${NEVER}]*$`, 'u');
const MULTI_LINE = new RegExp(String.raw`^(?:[\t\n\r]|[^\p{Cc}${NEVER}])*$`, 'u');
/** Something a reader sees: not white space, not a zero-width or other default-ignorable character. */
const VISIBLE = /[^\s\p{Default_Ignorable_Code_Point}\u2800]/u;

const typed = (allowed: RegExp) =>
  z
    .string()
    .trim()
    .normalize('NFC')
    .regex(allowed, controlCharacterMessage)
    .refine((text) => text === '' || VISIBLE.test(text), invisibleTextMessage);

/** Text typed on one line (names, titles, search): trimmed, NFC, no control or invisible-only text. */
export const lineText = () => typed(ONE_LINE);

/** Text typed in a text area: the same, with newlines and tabs allowed. */
export const multilineText = () => typed(MULTI_LINE);
