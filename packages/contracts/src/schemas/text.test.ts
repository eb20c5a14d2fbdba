import { expect, it } from 'vitest';
import { controlCharacterMessage, lineText, multilineText } from './text.ts';

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
