// Run by tls.test.ts as a child process, so that environment read only at
// Node's start (NODE_EXTRA_CA_CERTS) applies: lists submissions with the real
// client through each base URL in DSAS_TLS_URLS (JSON) and prints one JSON
// line with each outcome.
import { ServiceClient } from '../../src/core';

interface Outcome {
  readonly ok: boolean;
  readonly count?: number;
  readonly kind?: string;
  readonly message?: string;
}

async function attempt(baseUrl: string): Promise<Outcome> {
  const client = new ServiceClient({
    baseUrl,
    credentials: { username: process.env.DSAS_TLS_USER ?? '', password: process.env.DSAS_TLS_PASSWORD ?? '', apiKey: process.env.DSAS_TLS_KEY ?? '' },
    retry: { retries: 3, baseDelayMs: 10, maxDelayMs: 50 },
    timeoutMs: 5000,
  });
  try {
    return { ok: true, count: (await client.listSubmissions()).length };
  } catch (e) {
    const err = e as Error & { kind?: string };
    return { ok: false, kind: err.kind, message: err.message };
  }
}

async function main(): Promise<void> {
  const urls = JSON.parse(process.env.DSAS_TLS_URLS ?? '[]') as string[];
  const outcomes: Outcome[] = [];
  for (const url of urls) outcomes.push(await attempt(url));
  process.stdout.write(`${JSON.stringify(outcomes)}\n`);
}

void main();
