import { apiPath, initialApiAnswer } from '@gi/contracts/api';
import { useQuery } from '@gi/platform';
import { expect, it } from 'vitest';
import { createRenderer } from './ssr.tsx';
import { renderOnServer } from './testing.ts';

function FaqPage() {
  const { data } = useQuery({
    queryKey: ['faq'],
    queryFn: () => Promise.reject(new Error('a server render never fetches')),
    initialData: () => initialApiAnswer('GET /content/faq'),
  });
  return <h1>{data ? `${data.items.length} pertanyaan` : 'Memuat...'}</h1>;
}

const renderer = createRenderer({ remote: 'shop', pages: { './FaqPage': FaqPage } });

it("renders the route's page with the answers the Worker inlined as its queries' data", async () => {
  const res = await renderOnServer(renderer, {
    url: '/faq',
    data: { [apiPath('GET /content/faq')]: { items: [{ question: 'Apa?' }, { question: 'Kapan?' }] } },
    cart: [],
  });
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('<h1>2 pertanyaan</h1>');
});

it('answers 204 for a route of another remote, a page it does not render, or no route at all', async () => {
  for (const url of ['/cart', '/about', '/tidak-ada']) {
    const res = await renderOnServer(renderer, { url, data: {}, cart: [] });
    expect(res.status, url).toBe(204);
  }
});
