/** Where to go after signing in: a path of this shop from `?next=`, else home (never another origin). */
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || /[\\\s]/.test(next)) return '/';
  // The URL parser has the last word: whatever it resolves outside this origin is refused.
  const base = 'http://shop.invalid';
  const url = new URL(next, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
}

/** An auth page's address that returns to `next` afterwards; home needs no `next`. */
export function withNext(path: string, next: string): string {
  return next === '/' ? path : `${path}?next=${encodeURIComponent(next)}`;
}
