/**
 * The client a per-address limit counts, from the address Cloudflare reports ('local' under tests
 * and dev): an IPv4 address as it is, an IPv6 address as its /64. A /64 is one customer's
 * connection (ISPs hand at least that much to one line), so a client rotating through the
 * addresses of its own /64 is still one client (issue 38).
 */
export function clientIp(req: Request): string {
  const address = (req.headers.get('cf-connecting-ip') ?? 'local').slice(0, 100);
  return ipv6Network(address) ?? address;
}

const HEXTET = /^[0-9a-f]{1,4}$/;
const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight hextets of an IPv6 address as numbers, or null when it is not one. */
function hextetsOf(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0] ?? '';
  // A dotted IPv4 tail ('::ffff:192.0.2.1') stands for the last two hextets.
  const dotted = DOTTED.exec(text.slice(text.lastIndexOf(':') + 1));
  if (dotted) {
    const octets = dotted.slice(1).map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    text = `${text.slice(0, text.lastIndexOf(':') + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const [head = [], tail = []] = halves.map((half) => (half ? half.split(':') : []));
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const parts = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  return parts.every((part) => HEXTET.test(part)) ? parts.map((part) => Number.parseInt(part, 16)) : null;
}

/**
 * 'x:x:x:x::/64' for an IPv6 address; an IPv4-mapped one (::ffff:a.b.c.d) answers its IPv4
 * address, the client it is; null when the text is not an IPv6 address.
 */
export function ipv6Network(address: string): string | null {
  if (!address.includes(':')) return null;
  const hextets = hextetsOf(address);
  if (!hextets) return null;
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    const [, , , , , , high = 0, low = 0] = hextets;
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}
