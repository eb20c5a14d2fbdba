import type { Access } from '@gi/contracts/endpoints/define';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/helpers.ts';
import app from '../index.ts';
import { SIGNED_IN } from './endpoint.ts';
import { handlerPolicy } from './policy.ts';

interface Operation {
  security?: unknown[];
  'x-policy'?: { access: string };
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

describe('GET /api/openapi.json', () => {
  it('documents every declared endpoint, with its policy and, for a session, its security', async () => {
    const res = await call('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Document;
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    const declared = [
      ...new Set(app.routes.filter((r) => handlerPolicy(r.handler)).map((r) => `${r.method} ${r.path}`)),
    ];
    expect(documented.sort()).toEqual(declared.sort());
    for (const operations of Object.values(doc.paths))
      for (const operation of Object.values(operations)) {
        const access = operation['x-policy']?.access;
        expect(access).toBeDefined();
        expect(operation.security !== undefined).toBe(SIGNED_IN.has(access as Access));
      }
    expect(doc.paths['/areas/provinces/{code}/regencies']?.get).toBeDefined();
  });
});
