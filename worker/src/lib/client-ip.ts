/** The visitor's address as Cloudflare reports it, for throttling ('local' under tests and dev). */
export function clientIp(req: Request): string {
  return (req.headers.get('cf-connecting-ip') ?? 'local').slice(0, 100);
}
