// The browser's client of the API, typed from the endpoints' definitions (decision 031):
// `api('GET /areas/provinces/{code}/regencies', { params: { code } })`. A key no definition has,
// a missing input or a wrong answer type fails the typecheck. The definitions are imported as
// types only: no schema reaches a bundle.
import { apiPath, type EndpointAnswer, type EndpointKey, type InputArgs, type Loose } from './api-path.ts';
import { apiRequest, initialAnswer } from './client.ts';

export { apiPath, type EndpointAnswer, type EndpointInput, type EndpointKey } from './api-path.ts';

type Init = Omit<RequestInit, 'method' | 'body'>;

/** Calls an endpoint (see `apiRequest` for errors and the session's renewal). */
export function api<K extends EndpointKey>(
  key: K,
  ...args: [...InputArgs<K>, init?: Init]
): Promise<EndpointAnswer<K>>;
export function api(key: string, input: Loose = {}, init: Init = {}): Promise<unknown> {
  const { headers, body } = input;
  return apiRequest((apiPath as (key: string, input: Loose) => string)(key, input), {
    ...init,
    method: key.slice(0, key.indexOf(' ')),
    ...(headers ? { headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } } : {}),
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
}

/** A GET's answer the Worker inlined into the page (`initialAnswer`), found by the call's URL. */
export function initialApiAnswer<K extends EndpointKey>(
  key: K,
  ...input: InputArgs<K>
): EndpointAnswer<K> | undefined {
  return initialAnswer<EndpointAnswer<K>>(apiPath(key, ...input));
}
