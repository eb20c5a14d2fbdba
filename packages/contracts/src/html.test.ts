import { expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

it('escapes the five characters that can end text or a quoted attribute', () => {
  expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
  );
  expect(escapeHtml('Parfum Melati 50 ml')).toBe('Parfum Melati 50 ml');
});
