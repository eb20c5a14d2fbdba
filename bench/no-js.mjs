// The benchmark's third build, "no-JS": the federated build's own pages with every
// <script> element taken out of the HTML, so nothing runs and nothing loads but the
// document, its styles and its images. Its TBT and bytes are the physical limit the
// shipped build is measured against (issue 17). A proxy in front of the federated
// server rather than a browser switch: Lighthouse needs the page's debugger, which a
// browser with scripts disabled refuses.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
const TEXT = /^(text\/|application\/(json|javascript)|image\/svg)/;

/** Serves `upstream` on `port`, HTML documents without their scripts. Resolves to a stop function. */
export function startNoJsProxy(port, upstream) {
  const server = createServer(async (req, res) => {
    try {
      const headers = { ...req.headers, host: new URL(upstream).host };
      // HTML is rewritten, so everything comes uncompressed and text is compressed here,
      // as wrangler dev does for the other builds.
      headers['accept-encoding'] = 'identity';
      const answer = await fetch(upstream + req.url, { method: req.method, headers, redirect: 'manual' });
      const type = answer.headers.get('content-type') ?? '';
      const out = new Headers(answer.headers);
      out.delete('content-length');
      out.delete('content-encoding');
      let body = Buffer.from(await answer.arrayBuffer());
      if (type.startsWith('text/html')) body = Buffer.from(body.toString('utf8').replace(SCRIPT, ''));
      if (TEXT.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipSync(body);
        out.set('content-encoding', 'gzip');
      }
      res.writeHead(answer.status, Object.fromEntries(out));
      res.end(body);
    } catch (err) {
      res.writeHead(502).end(String(err));
    }
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve(() => new Promise((r) => server.close(r)))),
  );
}
