// Prints GET /api/openapi.json as the worker in this tree serves it, without a Worker or a build:
//   pnpm exec node --experimental-transform-types scripts/openapi-document.mjs > openapi.json
// (the repository's Node, 22, runs the worker's TypeScript). Compare two with compare-openapi.mjs.
import { register } from 'node:module';

// The worker's JSON data (the areas) is imported without the attribute Node asks for.
register(
  `data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
    const resolved = await next(specifier, context);
    return resolved.url.endsWith('.json') ? { ...resolved, importAttributes: { type: 'json' } } : resolved;
  }`)}`,
);
const { default: app } = await import(new URL('../worker/src/index.ts', import.meta.url).href);
// The document's handler is the last of its route's handlers, and reads no binding.
const route = app.routes.filter((r) => r.method === 'GET' && r.path === '/api/openapi.json').at(-1);
console.log(JSON.stringify(await route.handler({ json: (body) => body }), null, 2));
