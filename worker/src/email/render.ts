import { type EmailTemplate, layout, type RenderedEmail } from './template.ts';
import { templates } from './templates/index.ts';

export type TemplateName = keyof typeof templates;
export type TemplateData<N extends TemplateName> = Parameters<(typeof templates)[N]>[0];

/** The subject, plain-text and HTML parts of one email; links start with `origin`. */
export function renderEmail<N extends TemplateName>(
  name: N,
  data: TemplateData<N>,
  origin: string,
): RenderedEmail {
  const template = templates[name] as EmailTemplate<TemplateData<N>>;
  return layout(
    template(data, {
      link(path, query = {}) {
        const url = new URL(path, origin);
        for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
        return url.href;
      },
    }),
  );
}
