import { type RemotesConfig, remotesConfigSchema } from '@gi/contracts';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { challengeOrigin } from '../lib/turnstile.ts';

/** Origins other than our own that the remotes configuration points at. */
function remoteOrigins(remotes: RemotesConfig, self: string): string[] {
  const origins = new Set<string>();
  for (const entry of Object.values(remotes)) {
    const origin = new URL(entry, self).origin;
    if (origin !== self) origins.add(origin);
  }
  return [...origins];
}

function contentSecurityPolicy(
  extraOrigins: string[],
  inlineScripts: string[],
  inlineStyles: string[],
  challenge: string | null,
): string {
  const remotes = extraOrigins.join(' ');
  const withRemotes = (base: string) => (remotes ? `${base} ${remotes}` : base);
  return [
    "default-src 'self'",
    // The one inline script, on a server-rendered page: the loader that starts its app. Turnstile's
    // script (decision 036) is admitted on every page, as its documentation lists: the shop moves
    // between pages without a new document, so the register page may run under the home page's
    // policy; only the pages that ask for the check load the script.
    `script-src ${[withRemotes("'self'"), ...(challenge ? [challenge] : []), ...inlineScripts].join(' ')}`,
    ...(challenge ? [`frame-src ${challenge}`] : []),
    // A server-rendered page's own styles, admitted one by one by hash.
    `style-src ${[withRemotes("'self'"), ...inlineStyles].join(' ')}`,
    `connect-src ${withRemotes("'self'")}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every response. The CSP admits exactly the origins the
 * remotes are configured on, so moving a remote needs no code change.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // Responses from fetch() (assets) have immutable headers: copy before editing.
    const res = new Response(c.res.body, c.res);
    const h = res.headers;
    h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    h.set('X-Content-Type-Options', 'nosniff');
    if (c.get('buildFile')) {
      c.res = res;
      return;
    }
    h.set(
      'Content-Security-Policy',
      contentSecurityPolicy(
        remoteOrigins(remotesConfigSchema.parse(c.env.REMOTES), new URL(c.req.url).origin),
        c.get('inlineScripts') ?? [],
        c.get('inlineStyles') ?? [],
        challengeOrigin(c.env),
      ),
    );
    h.set('X-Frame-Options', 'DENY');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    h.set('X-Request-Id', c.get('requestId'));
    c.res = res;
  };
}
