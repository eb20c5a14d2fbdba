// The shape of an endpoint's definition (decision 031) and the pieces most definitions share.
// Data only: the Worker attaches the guard and the handler (worker/src/api/endpoint.ts); the
// browser's client reads the definitions' types alone (../api.ts), so no schema reaches a bundle.
import { z } from 'zod';
import type { Permission } from '../schemas/roles.ts';

/**
 * Who may call an endpoint. A webhook is called by a provider's server and proves itself
 * inside its handler (the gateway's signature, decision 026), so the guard lets it pass.
 * 'owner' is a customer route about the order of its path's `{id}`: its buyer, or an admin (the
 * shop's staff read every order); 'buyer' is a step only the buyer can take. Anyone else gets the
 * 404 of an order that does not exist, so ids cannot be probed. 'admin' is the shop's staff: the
 * policy names the permission the endpoint needs (decision 052), which the staff's role must hold.
 */
export type Access = 'public' | 'customer' | 'owner' | 'buyer' | 'admin' | 'webhook';

/**
 * Whether an answer may be shared: 'shared' is the same for every guest (GET only), so the
 * edge cache keeps it (worker/src/middleware/edge-cache.ts); 'private' is one visitor's, `no-store`.
 */
export type CachePolicy = 'private' | 'shared';

/**
 * Where the request's D1 session starts (worker/src/middleware/d1-session.ts): any replica, or
 * one at least as new as the visitor's bookmark; or the primary. A write always starts there.
 */
export type D1Start = 'replica' | 'primary';

interface PolicyBase {
  cache: CachePolicy;
  d1: D1Start;
  /** A shared answer the browser may also keep this long (it changes only with a deploy). */
  browserMaxAge?: number;
  /** The body is a file: its route sets its own size limit instead of the JSON one. */
  upload?: true;
  /**
   * Open to a staff account that must still set up two-factor (decision 053): every other
   * endpoint answers it 403 until it has.
   */
  beforeTwoFactor?: true;
}

/**
 * An endpoint's policy. A staff endpoint must name its permission (the type refuses one without),
 * and the Worker checks it against the caller's role in D1 on every call (decision 052).
 */
export type EndpointPolicy = PolicyBase &
  ({ access: Exclude<Access, 'admin'>; permission?: never } | { access: 'admin'; permission: Permission });

/** The policies most endpoints have. */
export const SHARED_READ = {
  access: 'public',
  cache: 'shared',
  d1: 'replica',
} as const satisfies EndpointPolicy;
/** Anyone may call it, and what it answers or changes is the caller's own (a sign-in, a message). */
export const PUBLIC_ACTION = {
  access: 'public',
  cache: 'private',
  d1: 'primary',
} as const satisfies EndpointPolicy;
export const CUSTOMER = {
  access: 'customer',
  cache: 'private',
  d1: 'primary',
} as const satisfies EndpointPolicy;
/** A route about one order (`/orders/{id}…`): its owner's, or an admin's. */
export const OWNER = { access: 'owner', cache: 'private', d1: 'primary' } as const satisfies EndpointPolicy;
/** A staff endpoint, for the roles that hold `permission` (schemas/roles.ts, decision 052). */
export function adminOnly<const P extends Permission>(permission: P) {
  return { access: 'admin', permission, cache: 'private', d1: 'primary' } as const satisfies EndpointPolicy;
}

/** A body or answer that is not JSON (a file) is described by a plain OpenAPI schema. */
type FileSchema = { type: 'string' | 'object'; [keyword: string]: unknown };
type Media = { content: { [type: string]: { schema: z.ZodType | FileSchema } } };

/**
 * One endpoint: method, path (under `/api`, with `{name}` parameters), inputs, answers by status,
 * and its policy. The shape of @hono/zod-openapi's `createRoute`, which the Worker gives it to.
 */
export interface EndpointDefinition {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: `/${string}`;
  tags: string[];
  summary: string;
  description?: string;
  policy: EndpointPolicy;
  request?: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    headers?: z.ZodObject;
    body?: Media & { required: true; description?: string };
  };
  responses: { [status: number]: { description: string } & Partial<Media> };
  /**
   * A valid request, written into the OpenAPI document as its `example`s (the body's, each path
   * and query parameter's). The worker's fuzz (worker/src/fuzz.test.ts) starts from it, spoiling
   * it value by value, so an endpoint with input has one; its ids are `EXAMPLE_IDS`.
   */
  example?: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  };
}

/**
 * The rows the examples name: the fuzz seeds them. A DELETE names the spare of its kind, so the
 * other examples keep theirs.
 */
export const EXAMPLE_IDS = {
  product: '0a1b2c3d-0000-4000-8000-000000000001',
  variant: '0a1b2c3d-0000-4000-8000-000000000002',
  collection: '0a1b2c3d-0000-4000-8000-000000000003',
  faq: '0a1b2c3d-0000-4000-8000-000000000004',
  service: '0a1b2c3d-0000-4000-8000-000000000005',
  order: '0a1b2c3d-0000-4000-8000-000000000006',
  address: '0a1b2c3d-0000-4000-8000-000000000007',
  review: '0a1b2c3d-0000-4000-8000-000000000008',
  spareProduct: '0a1b2c3d-0000-4000-8000-000000000011',
  spareCollection: '0a1b2c3d-0000-4000-8000-000000000013',
  spareFaq: '0a1b2c3d-0000-4000-8000-000000000014',
  spareService: '0a1b2c3d-0000-4000-8000-000000000015',
  spareOrder: '0a1b2c3d-0000-4000-8000-000000000016',
  spareAddress: '0a1b2c3d-0000-4000-8000-000000000017',
  spareReview: '0a1b2c3d-0000-4000-8000-000000000018',
  voucher: '0a1b2c3d-0000-4000-8000-000000000009',
  spareVoucher: '0a1b2c3d-0000-4000-8000-000000000019',
  sale: '0a1b2c3d-0000-4000-8000-000000000020',
  spareSale: '0a1b2c3d-0000-4000-8000-000000000021',
  /** A staff account (an order handler) the owner's examples change. */
  staff: '0a1b2c3d-0000-4000-8000-000000000022',
  /** A customer account (decision 059), and the spare the erasure's example names. */
  customer: '0a1b2c3d-0000-4000-8000-000000000023',
  spareCustomer: '0a1b2c3d-0000-4000-8000-000000000024',
  /** A waiting staff invitation (decision 052), and the spare the revocation's example names. */
  staffInvite: '0a1b2c3d-0000-4000-8000-000000000025',
  spareStaffInvite: '0a1b2c3d-0000-4000-8000-000000000026',
  /** The seeded voucher's code. */
  voucherCode: 'HEMAT10',
  /** The seeded collection's slug. */
  collectionSlug: 'koleksi-contoh',
  /** The customer's email: signing in, a forgotten password, a profile kept as it was. */
  customerEmail: 'siti@contoh.id',
  /** A sold-out size of the product ('Kabari Saya'). */
  soldOutVariant: '0a1b2c3d-0000-4000-8000-000000000009',
} as const;

/** An address the area data knows (Kec. Gambir, Jakarta Pusat), for the examples that send one. */
export const EXAMPLE_ADDRESS = {
  customerName: 'Siti Aminah',
  customerPhone: '0812-3456-7890',
  provinceCode: '31',
  regencyCode: '31.71',
  districtCode: '31.71.01',
  postalCode: '10110',
  customerAddress: 'Jl. Melati No. 1',
};

/** Declares an endpoint: checks its shape and keeps its literal types for the client. */
export function endpoint<const D extends EndpointDefinition>(definition: D): D {
  return definition;
}

export const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** A JSON body, required: without `required` the router would let a body of another type pass unread. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { content: { 'application/json': { schema } }, required: true } as const;
}

/** A JSON answer and its description. */
export function jsonAnswer<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/** The one error shape, for the answers' documentation. */
export function errorAnswer(description: string) {
  return { description, content: { 'application/json': { schema: errorSchema } } } as const;
}

/**
 * An image sent as `multipart/form-data` (`file`): documented for the reader, not validated by a
 * schema (the Worker reads the stream and checks the bytes themselves).
 */
export const fileBody = {
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        properties: { file: { type: 'string' as const, format: 'binary' } },
        required: ['file'],
      },
    },
  },
  required: true as const,
};

/** An image as the answer's body. */
export const imageAnswer = {
  description: 'Gambar',
  content: { 'image/*': { schema: { type: 'string' as const, format: 'binary' } } },
};

/** The 400 of input its schema refuses. */
export const invalidAnswer = errorAnswer('Data tidak valid');

/** `{ ok: true }`: the answer of a change with nothing else to tell. */
export const okAnswer = jsonAnswer(z.object({ ok: z.literal(true) }), 'Berhasil');

/** A path's `{id}`: a row's id (a UUID, or a seeded one). */
export const idParam = z.object({ id: z.string().min(1).max(64) });
