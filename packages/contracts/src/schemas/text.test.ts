import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { controlCharacterMessage, invisibleTextMessage, lineText, multilineText } from './text.ts';

const issues = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

it('a line of text refuses every control character, and names only that problem', () => {
  for (const bad of ['\u0000', 'Budi\u0000', 'Bu\ndi', 'Bu\tdi', 'Budi\u007f', 'Budi\u009b']) {
    expect(issues(lineText().min(2).safeParse(bad)), JSON.stringify(bad)).toContain(controlCharacterMessage);
  }
  expect(lineText().safeParse('  Siti Aminah 🌸 ').data).toBe('Siti Aminah 🌸');
});

it('a text area keeps newlines and tabs but refuses the other control characters', () => {
  expect(multilineText().safeParse('Jl. Melati 1\r\nRT 02\tRW 03\n').data).toBe(
    'Jl. Melati 1\r\nRT 02\tRW 03',
  );
  for (const bad of ['Jl.\u0000', 'Jl.\u0007', 'Jl.\u001b[31m', 'Jl.\u000b1']) {
    expect(issues(multilineText().safeParse(bad)), JSON.stringify(bad)).toEqual([controlCharacterMessage]);
  }
});

describe('invisible and reordering characters (issue 27 #9)', () => {
  const schemas = { lineText, multilineText };
  /** What the red team got through: a separator, a right-to-left override, a lone surrogate. */
  const smuggled = ['\u2028', '\u2029', '\u202a', '\u202e', '\u2066', '\u2069', '\ud800', '\udfff'];
  /** Looks empty: spaces, zero-width characters, the Hangul and braille blanks. */
  const invisible = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u3164', '\u2800', ' '];

  for (const [name, schema] of Object.entries(schemas)) {
    it(`${name} refuses them anywhere in any text`, () => {
      fc.assert(
        fc.property(fc.string(), fc.constantFrom(...smuggled), fc.string(), (before, bad, after) => {
          // Between letters: at an end, trimming takes a separator away.
          expect(issues(schema().safeParse(`${before}a${bad}b${after}`))).toContain(controlCharacterMessage);
        }),
      );
    });

    it(`${name} refuses text made only of invisible characters`, () => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...invisible), { minLength: 1, maxLength: 8 }), (chars) => {
          const text = chars.join('');
          if (text.trim() === '') return; // that is empty, a length rule's matter
          expect(issues(schema().safeParse(text))).toEqual([invisibleTextMessage]);
        }),
      );
    });

    it(`${name} stores only trimmed, NFC, well-formed text without them`, () => {
      const unit = fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 3 }),
        fc.constantFrom(...smuggled, ...invisible, 'e\u0301', '\u00e9', '👩‍👩‍👧'),
        fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
      );
      fc.assert(
        fc.property(fc.array(unit, { maxLength: 12 }), (parts) => {
          const result = schema().safeParse(parts.join(''));
          if (!result.success) return;
          const text = result.data;
          expect(text).toBe(text.trim());
          expect(text).toBe(text.normalize('NFC'));
          expect(text).not.toMatch(/\p{Cs}/u); // no lone surrogate
          expect(text).not.toMatch(/[\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
        }),
      );
    });
  }

  it('keeps zero-width joiners inside visible text and composes accents', () => {
    expect(lineText().safeParse(' 👩‍👩‍👧 Keluarga\u200b ').data).toBe('👩‍👩‍👧 Keluarga\u200b');
    expect(lineText().safeParse('Jose\u0301').data).toBe('José');
  });
});
