import * as resources from '@gi/contracts/endpoints';
import type { EndpointDefinition } from '@gi/contracts/endpoints/define';
import { describe, expect, it } from 'vitest';
import app from '../index.ts';
import { handlerPolicy } from './policy.ts';

/** Every definition of the contracts package, as `METHOD /api/path` in the router's spelling. */
const definitions = Object.entries(resources).flatMap(([resource, endpoints]) =>
  Object.entries(endpoints as Record<string, EndpointDefinition>).map(([name, { method, path }]) => ({
    name: `${resource}.${name}`,
    route: `${method.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ':$1')}`,
  })),
);

/** The routes a guard carrying a policy serves (api/endpoint.ts), as the app mounted them. */
const served = new Set(
  app.routes.filter((r) => handlerPolicy(r.handler)).map((r) => `${r.method} ${r.path}`),
);

describe('endpoint definitions', () => {
  it('every definition is served by a mounted route of its method and path', () => {
    expect(definitions.length).toBeGreaterThan(80);
    expect(
      definitions.filter(({ route }) => !served.has(route)).map(({ name, route }) => `${name}: ${route}`),
    ).toEqual([]);
  });

  it('every served route is a definition', () => {
    const defined = new Set(definitions.map(({ route }) => route));
    expect([...served].filter((route) => !defined.has(route))).toEqual([]);
  });
});
