// The URL of each endpoint's call and the types of the client's keys, inputs and answers
// (decision 031), apart from the client (./api.ts): the Worker builds the same URLs as the keys
// of the answers it inlines into a page (`readPath`), and compiles no DOM code.
import type { z } from 'zod';
import type { EndpointDefinition } from './endpoints/define.ts';
import type * as resources from './endpoints/index.ts';

type Resources = typeof resources;
type Definition = Extract<
  { [R in keyof Resources]: Resources[R][keyof Resources[R]] }[keyof Resources],
  EndpointDefinition
>;
type KeyOf<D> = D extends { method: infer M extends string; path: infer P extends string }
  ? `${Uppercase<M>} ${P}`
  : never;

/** `METHOD /path` of every endpoint, the path under `/api` as its definition writes it. */
export type EndpointKey = KeyOf<Definition>;
type ByKey = { [D in Definition as KeyOf<D>]: D };

type JsonSchema<M> = M extends { content: { 'application/json': { schema: infer S extends z.ZodType } } }
  ? S
  : never;
type RequestOf<D> = D extends { request: infer R } ? R : object;
type Part<R, Name extends string, Value> = R extends { [N in Name]: unknown }
  ? { [N in Name]: Value }
  : object;
type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;

type Inputs<R> = Part<R, 'params', SchemaInput<R[keyof R & 'params']>> &
  Part<R, 'headers', SchemaInput<R[keyof R & 'headers']>> &
  Part<
    R,
    'body',
    R extends { body: infer B }
      ? [JsonSchema<B>] extends [never]
        ? FormData
        : z.input<JsonSchema<B>>
      : never
  > &
  (R extends { query: infer S extends z.ZodType }
    ? object extends z.input<S>
      ? { query?: z.input<S> }
      : { query: z.input<S> }
    : object);

// Computed once per endpoint and looked up by key: computed on the union of all definitions (a
// generic key's constraint), the intersection of the four parts would multiply out past what
// the compiler represents.
type InputsByKey = { [K in EndpointKey]: Inputs<RequestOf<ByKey[K]>> };
/** What a call sends: `params` of its path, `query`, `headers` and `body`, as its definition declares them. */
export type EndpointInput<K extends EndpointKey> = InputsByKey[K];

type Success<D> = D extends { responses: infer A } ? A[keyof A & (200 | 201 | 204)] : never;
/** What a call answers on success: its documented answer's parsed type, or null (204). */
export type EndpointAnswer<K extends EndpointKey> =
  Success<ByKey[K]> extends infer A
    ? [JsonSchema<A>] extends [never]
      ? null
      : z.output<JsonSchema<A>>
    : never;

export type InputArgs<K extends EndpointKey> =
  object extends EndpointInput<K> ? [input?: EndpointInput<K>] : [input: EndpointInput<K>];

export type Loose = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  body?: unknown;
};

/**
 * The URL of a call: `{name}` filled from `params`, then the query without blanks, its keys
 * sorted so the same input always makes the same URL (the key of a page's inlined answer, and
 * of the edge cache).
 */
export function apiPath<K extends EndpointKey>(key: K, ...input: InputArgs<K>): string;
export function apiPath(key: string, input: Loose = {}): string {
  const { params = {}, query = {} } = input;
  const path = key
    .slice(key.indexOf(' ') + 1)
    .replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return `/api${path}${text ? `?${text}` : ''}`;
}
