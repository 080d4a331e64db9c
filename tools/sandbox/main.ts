// CLI: `npm run sandbox -- [options]`. Starts the sandbox on a fixed port with
// demo data in ./.sandbox-data, prints how to use it, and stops on Ctrl+C.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { startSandbox, type Sandbox } from './index';
import type { DigestAlgorithm } from './types';

const usage = `DSAS sandbox: a local stand-in for the Document Submission and Archive Service.

Usage: npm run sandbox -- [options]

  --port N             port to listen on (default 8787; 0 = any free port)
  --host H             address to listen on (default 127.0.0.1)
  --data DIR           data folder (default .sandbox-data in the current folder)
  --user U             Digest user name (default demo)
  --password P         Digest password (default demo-password)
  --key K              service key, sent as  X-Service-Key: key="K"  (default demo-key)
  --seed demo|none     demo data for an empty data folder (default demo)
  --algorithms LIST    offered Digest algorithms, in order (default SHA-256,MD5)
  --nonce-ttl SECONDS  nonce lifetime (default 300)
  --quiet              do not print one line per request
  --help               this text

Once listening it prints a line "SANDBOX_READY <baseUrl>" (for parent processes).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\nRun with --help for the options.\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        user: { type: 'string' },
        password: { type: 'string' },
        key: { type: 'string' },
        seed: { type: 'string' },
        algorithms: { type: 'string' },
        'nonce-ttl': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (e) {
    fail((e as Error).message);
  }
  const o = parsed.values;
  if (o.help) {
    process.stdout.write(usage + '\n');
    return;
  }
  const port = Number(o.port ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0..65535, got ${o.port}`);
  const seed = o.seed ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') fail(`--seed must be demo or none, got ${seed}`);
  const algorithms = (o.algorithms ?? 'SHA-256,MD5').split(',').map((a) => a.trim().toUpperCase());
  for (const a of algorithms) if (a !== 'MD5' && a !== 'SHA-256') fail(`--algorithms accepts MD5 and SHA-256, got ${a}`);
  const ttl = Number(o['nonce-ttl'] ?? 300);
  if (!(ttl > 0)) fail(`--nonce-ttl must be a positive number of seconds, got ${o['nonce-ttl']}`);
  const dataDir = path.resolve(o.data ?? '.sandbox-data');

  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      port,
      host: o.host ?? '127.0.0.1',
      dataDir,
      user: o.user,
      password: o.password,
      key: o.key,
      seed,
      algorithms: algorithms as DigestAlgorithm[],
      nonceTtlMs: ttl * 1000,
      log: o.quiet ? undefined : (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    fail(err.code === 'EADDRINUSE' ? `port ${port} is in use; pick another with --port (0 = any free port)` : err.message);
  }

  process.stdout.write(
    [
      'DSAS sandbox is running.',
      `  base URL : ${sandbox.baseUrl}`,
      `  user     : ${sandbox.user}`,
      `  password : ${sandbox.password}`,
      `  key      : ${sandbox.key}    (header  X-Service-Key: key="${sandbox.key}")`,
      `  data     : ${sandbox.dataDir}`,
      `  control  : ${sandbox.origin}/__sandbox/  (faults, respond, log, state, forget-nonces, credentials)`,
      `  try      : curl --digest -u '${sandbox.user}:${sandbox.password}' -H 'X-Service-Key: key="${sandbox.key}"' ${sandbox.baseUrl}/submissions`,
      'Stop it with Ctrl+C.',
      `SANDBOX_READY ${sandbox.baseUrl}`,
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      process.stderr.write('Forced exit.\n');
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`${signal}: stopping the sandbox...\n`);
    sandbox.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`close failed: ${(e as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
