import { describe, expect, it } from 'vitest';
import { definitions } from '../../test/definitions.ts';
import app from '../index.ts';
import { handlerPolicy } from './policy.ts';

/** The routes a guard carrying a policy serves (api/endpoint.ts), as the app mounted them. */
const served = new Set(
  app.routes.filter((r) => handlerPolicy(r.handler)).map((r) => `${r.method} ${r.path}`),
);

describe('endpoint definitions', () => {
  it('every definition is served by a mounted route of its method and path', () => {
    expect(definitions.size).toBeGreaterThan(80);
    const unserved = [...definitions].filter(([route]) => !served.has(route));
    expect(unserved.map(([route, { name }]) => `${name}: ${route}`)).toEqual([]);
  });

  it('every served route is a definition', () => {
    expect([...served].filter((route) => !definitions.has(route))).toEqual([]);
  });
});
