import { escapeHtml } from '@gi/contracts/html';

/** Markup that is safe to insert as is: only `html` makes it, so user data cannot become markup. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

type Interpolation = SafeHtml | string | number | readonly Interpolation[];

function toMarkup(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(toMarkup).join('');
  return escapeHtml(String(value));
}

/** Tagged template for email markup: every interpolated value is escaped unless it is `html` itself. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let markup = strings[0] ?? '';
  values.forEach((value, i) => {
    markup += toMarkup(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(markup);
}
