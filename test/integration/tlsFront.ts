// An HTTPS front for the sandbox: TLS ends here and the bytes go on to the
// sandbox's plain port, so the real service speaks through a certificate the
// test chose. It counts every TCP connection made to it: a client that
// retried a refused certificate would show as more than one.
import * as net from 'node:net';
import * as tls from 'node:tls';
import type { KeyAndCert } from './tlsCertificates';

export interface TlsFront {
  /** The sandbox's base URL through this front (https://127.0.0.1:PORT/…). */
  readonly baseUrl: string;
  /** TCP connections accepted so far. */
  readonly connections: number;
  /** Connections whose TLS handshake completed. */
  readonly handshakes: number;
  close(): Promise<void>;
}

/** Serves `server` (with `chain` after it, if any) in front of the sandbox at `sandboxBaseUrl`. */
export async function startTlsFront(sandboxBaseUrl: string, server: KeyAndCert, chain: readonly string[] = []): Promise<TlsFront> {
  const target = new URL(sandboxBaseUrl);
  let connections = 0;
  let handshakes = 0;
  const sockets = new Set<net.Socket>();
  const front = tls.createServer({ key: server.key, cert: [server.cert, ...chain].join('') }, (secure) => {
    handshakes++;
    const upstream = net.connect(Number(target.port), target.hostname);
    secure.pipe(upstream).pipe(secure);
    upstream.on('error', () => secure.destroy());
    secure.on('error', () => upstream.destroy());
  });
  front.on('connection', (socket: net.Socket) => {
    connections++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  front.on('tlsClientError', () => { /* the refusal the test expects */ });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as net.AddressInfo;
  return {
    baseUrl: `https://127.0.0.1:${port}${target.pathname}`,
    get connections() { return connections; },
    get handshakes() { return handshakes; },
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      front.close(() => resolve());
    }),
  };
}
