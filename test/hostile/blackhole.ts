// An address whose connection attempts are never answered, as behind a
// firewall that drops them or a VPN that is down: a listening socket in a
// process that never accepts, whose accept queue the test fills first. The
// kernel then drops every further SYN, so a connect stays pending until the
// client gives up by itself (about two minutes on Linux).
import { spawn, type ChildProcess } from 'node:child_process';
import * as net from 'node:net';

export interface Blackhole {
  readonly port: number;
  /** A service URL at that address. */
  readonly baseUrl: string;
  close(): void;
}

// Listens with the smallest queue, prints the port, then blocks its only thread for good.
const LISTENER = `const s = require('node:net').createServer();
s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
  require('node:fs').writeSync(1, s.address().port + '\\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
});`;

export async function startBlackhole(): Promise<Blackhole> {
  const child: ChildProcess = spawn(process.execPath, ['-e', LISTENER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
  });
  const fillers: net.Socket[] = [];
  // Connect until one connection stays pending: from then on the queue is full.
  for (let i = 0; i < 16; i++) {
    const s = net.connect(port, '127.0.0.1');
    s.on('error', () => undefined);
    fillers.push(s);
    const connected = await new Promise<boolean>((resolve) => {
      const t = setTimeout(() => resolve(false), 250);
      s.once('connect', () => {
        clearTimeout(t);
        resolve(true);
      });
    });
    if (!connected) break;
  }
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}/svc/v1.1`,
    close() {
      for (const s of fillers) s.destroy();
      child.kill('SIGKILL');
    },
  };
}
