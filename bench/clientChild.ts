// Runs one operation of our client (the ServiceClient the extension uses,
// from Node, outside VS Code) in its own process, so that its memory is
// measured alone. Started by clientProcess.ts; talks over the IPC channel:
// receives one ChildRequest, answers one ChildResult or ChildFailure, exits.
import { performance } from 'node:perf_hooks';
import { ServiceClient } from '../src/core';
import { requestCounter } from '../tools/requestCounter';
import { RssSampler, settledRss } from './memory';
import type { ChildFailure, ChildRequest, ChildResult } from './protocol';

async function run(req: ChildRequest): Promise<ChildResult> {
  const requests = requestCounter();
  const client = new ServiceClient({
    logger: requests.logger,
    baseUrl: req.baseUrl,
    credentials: { username: req.user, password: req.password, apiKey: req.key },
  });
  // Sign in as the extension does (a list request): the nonce is held from here on.
  await client.listSubmissions();
  const signInRequests = requests.count;
  const baselineRss = await settledRss();

  let bytes = 0;
  // The extension reports progress; so does the benchmark, at the same cost.
  const onProgress = (n: number): void => {
    bytes = n;
  };
  const op = req.operation;
  const sampler = new RssSampler();
  sampler.start(req.sampleMs);
  const before = requests.count;
  const cpu = process.cpuUsage();
  const started = performance.now();
  let result: string;
  switch (op.kind) {
    case 'upload':
      result = (await client.uploadArchiveFile(op.file, { onProgress })).id;
      break;
    case 'download': {
      const r = await client.downloadArchiveFile(op.file, { path: op.dest, overwrite: true }, { onProgress });
      bytes = r.bytes;
      result = r.path;
      break;
    }
    case 'create':
      result = (await client.createSubmission(op.submission, { onProgress })).id;
      break;
    case 'listSubmissions':
      result = String((await client.listSubmissions()).length);
      break;
    case 'listArchive':
      result = String((await client.listArchive()).length);
      break;
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const { peak, samples } = sampler.stop();
  return {
    ok: true,
    ms,
    cpuMs: (used.user + used.system) / 1000,
    requests: requests.count - before,
    signInRequests,
    baselineRss,
    peakRss: peak,
    maxRssLifetime: process.resourceUsage().maxRSS * 1024,
    samples,
    bytes,
    result,
  };
}

process.once('message', (req: ChildRequest) => {
  run(req).then(
    (r) => process.send?.(r, () => process.exit(0)),
    (e: unknown) => {
      const failure: ChildFailure = { ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
      process.send?.(failure, () => process.exit(1));
    },
  );
});
