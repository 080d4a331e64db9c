// Started by proxy.test.ts as a child process (node --import tsx), outside the
// extension host, whose http module VS Code patches: a proxy there would send
// its own requests to itself. It runs
// - an HTTP proxy: the npm package `proxy` (TooTallNate's, from the
//   proxy-agents project), on 127.0.0.1;
// - the sandbox under a second loopback address, 127.0.0.2, by forwarding
//   TCP to it: VS Code's proxy support sends localhost and 127.0.0.1 direct
//   whatever the settings, so the sandbox's own address would never be proxied.
// It prints one JSON line with both addresses, then one line per request the
// proxy receives ({"method","url"}), from the proxy server's own events.
import * as http from 'node:http';
import * as net from 'node:net';
import { createProxy } from 'proxy';

const upstream = new URL(process.argv[2] ?? '');
const say = (v: unknown): void => {
  process.stdout.write(`${JSON.stringify(v)}\n`);
};

const proxy = createProxy(http.createServer());
proxy.on('request', (req: http.IncomingMessage) => say({ method: req.method, url: req.url }));
proxy.on('connect', (req: http.IncomingMessage) => say({ method: 'CONNECT', url: req.url }));

const alias = net.createServer((socket) => {
  const to = net.connect(Number(upstream.port), upstream.hostname);
  socket.pipe(to).pipe(socket);
  socket.on('error', () => to.destroy());
  to.on('error', () => socket.destroy());
});

const listen = (server: net.Server, host: string): Promise<number> => new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port));
});

void (async () => {
  const proxyPort = await listen(proxy, '127.0.0.1');
  const aliasPort = await listen(alias, '127.0.0.2');
  say({ proxy: `http://127.0.0.1:${proxyPort}`, alias: `${upstream.protocol}//127.0.0.2:${aliasPort}${upstream.pathname}` });
})().catch((e: Error) => {
  say({ error: e.message });
  process.exit(1);
});
// Ends with the test: its stdin closes when the parent goes.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
