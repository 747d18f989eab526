import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A certificate for 127.0.0.1 made for this run (openssl): the browser is told to accept it. */
function loopbackCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'uplink-h2-'));
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
        ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
        ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Headers of one HTTP/1.1 hop that HTTP/2 forbids (RFC 9113 §8.2.2). */
const hopHeaders = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function withoutHopHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopHeaders.has(name) && !name.startsWith(':')));
}

/**
 * A loopback TLS proxy speaking HTTP/2 to the browser and HTTP/1.1 with kept-alive connections to
 * `target`: what the deployment guide's nginx (`listen 443 ssl http2`, docs/deployment.md) puts in
 * front of the release. Over HTTP/2 a page's modules share one connection instead of queueing for
 * the six HTTP/1.1 allows.
 */
export async function http2Proxy(target: string): Promise<{ baseUrl: string; close(): void }> {
  const { hostname, port } = new URL(target);
  const upstream = new Agent({ keepAlive: true });
  const proxy = createSecureServer(loopbackCertificate(), (incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        host: hostname,
        port,
        agent: upstream,
        path: incoming.url,
        method: incoming.method,
        headers: { ...withoutHopHeaders(incoming.headers), host: incoming.authority },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, withoutHopHeaders(answer.headers));
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.stream.close());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `https://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => {
      proxy.close();
      upstream.destroy();
    },
  };
}
