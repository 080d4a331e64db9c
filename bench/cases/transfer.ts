// Cases 1–3: the same transfer by our client (in a child process) and by
// curl, alternating, against the same sandbox and the same files.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { NewSubmission } from '../../src/core';
import { buildPackage } from '../../src/core/xml/package';
import { runInClientChild } from '../clientProcess';
import { until, type BenchContext } from '../context';
import { runCurl } from '../curl';
import { makeDataFile, warmPageCache } from '../files';
import type { ChildOperation } from '../protocol';
import { median, MiB, mibPerSecond } from '../stats';

export interface OursRuns {
  readonly ms: number[];
  /** CPU time of our process during the operation. */
  readonly cpuMs: number[];
  /** Requests per operation, from the client's own count. */
  readonly requests: number[];
  /** Requests per operation, from the sandbox's access log. */
  readonly logged: number[];
  readonly baselineRss: number[];
  readonly peakRss: number[];
  /** Peak minus baseline, per run. */
  readonly aboveBaseline: number[];
  readonly maxRssLifetime: number[];
  readonly samples: number[];
}

export interface CurlRuns {
  readonly ms: number[];
  /** curl's CPU time for the whole invocation. */
  readonly cpuMs: number[];
  readonly wallMs: number[];
  /** Requests per invocation, from the sandbox's access log. */
  readonly logged: number[];
  /** Body bytes the sandbox read on curl's first (challenged) request. */
  readonly firstRequestBytesIn: number[];
}

export interface TransferResult {
  readonly caseNo: number;
  readonly title: string;
  /** Payload bytes (the files), for throughput. */
  readonly bytes: number;
  readonly ours: OursRuns;
  readonly curl: CurlRuns;
  readonly oursMedianMs: number;
  readonly curlMedianMs: number;
  readonly oursMiBps: number;
  readonly curlMiBps: number;
  /** Throughput ours / curl (= curl's median time / ours). */
  readonly ratio: number;
  /** Peak RSS above baseline, worst run. */
  readonly peakAboveBaseline: number;
}

export interface TransferSpec {
  readonly caseNo: number;
  readonly title: string;
  readonly bytes: number;
  readonly files: readonly string[];
  /** The sandbox request that does the work, as logged. */
  readonly method: 'GET' | 'PUT' | 'POST';
  ours(run: number): ChildOperation;
  curl(run: number): { path: string; args: string[] };
  /** Removes what one run left (uploaded blobs, downloaded files). */
  cleanUp(): void;
}

export async function runTransfer(ctx: BenchContext, spec: TransferSpec, runs = ctx.opts.runs): Promise<TransferResult> {
  const { sb, log } = ctx;
  const ours: OursRuns = { ms: [], cpuMs: [], requests: [], logged: [], baselineRss: [], peakRss: [], aboveBaseline: [], maxRssLifetime: [], samples: [] };
  const curl: CurlRuns = { ms: [], cpuMs: [], wallMs: [], logged: [], firstRequestBytesIn: [] };
  for (const f of spec.files) warmPageCache(f);
  settle();
  for (let run = 0; run < runs; run++) {
    // Alternate who goes first, so that neither always follows the other's writeback.
    const order = run % 2 === 0 ? (['ours', 'curl'] as const) : (['curl', 'ours'] as const);
    for (const who of order) {
      const mark = sb.accessLog.length;
      if (who === 'ours') {
        const r = await runInClientChild(ctx.child, spec.ours(run));
        const expected = r.signInRequests + r.requests;
        await until(() => sb.accessLog.length - mark >= expected, 3000);
        ours.ms.push(r.ms);
        ours.cpuMs.push(r.cpuMs);
        ours.requests.push(r.requests);
        ours.logged.push(sb.accessLog.length - mark - r.signInRequests);
        ours.baselineRss.push(r.baselineRss);
        ours.peakRss.push(r.peakRss);
        ours.aboveBaseline.push(Math.max(0, r.peakRss - r.baselineRss));
        ours.maxRssLifetime.push(r.maxRssLifetime);
        ours.samples.push(r.samples);
        log(`  case ${spec.caseNo} run ${run + 1}/${runs} ours: ${r.ms.toFixed(0)} ms, ${mibPerSecond(spec.bytes, r.ms).toFixed(0)} MiB/s, CPU ${r.cpuMs.toFixed(0)} ms, RSS +${((r.peakRss - r.baselineRss) / MiB).toFixed(1)} MiB, ${r.requests} request(s)`);
      } else {
        const c = spec.curl(run);
        const r = await runCurl(sb, c.path, c.args);
        await until(() => sb.accessLog.slice(mark).some((e) => e.method === spec.method && e.status >= 200 && e.status < 300), 3000);
        const entries = sb.accessLog.slice(mark);
        curl.ms.push(r.ms);
        curl.cpuMs.push(r.cpuMs);
        curl.wallMs.push(r.wallMs);
        curl.logged.push(entries.length);
        curl.firstRequestBytesIn.push(entries[0]?.bytesIn ?? 0);
        log(`  case ${spec.caseNo} run ${run + 1}/${runs} curl: ${r.ms.toFixed(0)} ms, ${mibPerSecond(spec.bytes, r.ms).toFixed(0)} MiB/s, CPU ${r.cpuMs.toFixed(0)} ms, ${entries.length} request(s)`);
      }
      spec.cleanUp();
      settle();
    }
  }
  const oursMedianMs = median(ours.ms);
  const curlMedianMs = median(curl.ms);
  return {
    caseNo: spec.caseNo,
    title: spec.title,
    bytes: spec.bytes,
    ours,
    curl,
    oursMedianMs,
    curlMedianMs,
    oursMiBps: mibPerSecond(spec.bytes, oursMedianMs),
    curlMiBps: mibPerSecond(spec.bytes, curlMedianMs),
    ratio: curlMedianMs / oursMedianMs,
    peakAboveBaseline: Math.max(...ours.aboveBaseline),
  };
}

/** Writes dirty pages out between runs, so that no run pays for the previous one's writeback. */
function settle(): void {
  spawnSync('sync');
}

/** Case 1: PUT /archives with the file as the body. */
export function uploadSpec(ctx: BenchContext, bytes: number): TransferSpec {
  const file = makeDataFile(path.join(ctx.work, `upload-${bytes}.bin`), bytes);
  const before = new Set(ctx.sb.store.archives.map((a) => a.id));
  return {
    caseNo: 1,
    title: `Upload ${sizeText(bytes)} (PUT /archives)`,
    bytes,
    files: [file],
    method: 'PUT',
    ours: (run) => ({ kind: 'upload', file: { path: file, title: `Bench upload ${run + 1}`, name: 'bench-upload.bin' } }),
    curl: (run) => ({ path: '/archives', args: ['-T', file, '-H', `X-Service-Title: Bench upload ${run + 1}`, '-H', 'X-Service-Name: bench-upload.bin'] }),
    cleanUp: () => {
      for (const a of ctx.sb.store.archives) {
        if (!before.has(a.id) && a.name === 'bench-upload.bin') {
          rmSync(ctx.sb.store.archivePath(a.id), { force: true });
          before.add(a.id);
        }
      }
    },
  };
}

/** Case 2: GET /archives/<id>/<ticket> of an archive file of `bytes`, saved to disk. */
export async function downloadSpec(ctx: BenchContext, bytes: number): Promise<TransferSpec> {
  const file = makeDataFile(path.join(ctx.work, `download-source-${bytes}.bin`), bytes);
  // Put it into the archive once, with curl (not timed).
  const count = ctx.sb.store.archives.length;
  await runCurl(ctx.sb, '/archives', ['-T', file, '-H', 'X-Service-Title: Bench download', '-H', 'X-Service-Name: bench-download.bin']);
  await until(() => ctx.sb.store.archives.length > count);
  const archive = ctx.sb.store.archives[ctx.sb.store.archives.length - 1];
  const stored = ctx.sb.store.archivePath(archive.id);
  const dest = path.join(ctx.work, 'downloaded.bin');
  return {
    caseNo: 2,
    title: `Download ${sizeText(bytes)} (GET /archives/…)`,
    bytes,
    files: [stored],
    method: 'GET',
    // With the recorded hash, as the extension downloads: the bytes are hashed as they are written.
    // With the recorded hash, as the extension downloads: the bytes are hashed as they are written.
    ours: () => ({ kind: 'download', file: { id: archive.id, ticket: archive.ticket, name: archive.name, hash: archive.hash }, dest }),
    curl: () => ({ path: `/archives/${archive.id}/${archive.ticket}`, args: ['-o', dest] }),
    cleanUp: () => rmSync(dest, { force: true }),
  };
}

/** Case 3: POST /submissions with the package and three documents. */
export function submissionSpec(ctx: BenchContext, attachmentBytes: number): TransferSpec {
  const docs = [1, 2, 3].map((i) => makeDataFile(path.join(ctx.work, `scan-${i}-${attachmentBytes}.pdf`), attachmentBytes));
  const names = docs.map((_d, i) => `scan-${i + 1}.pdf`);
  const submission = (run: number): NewSubmission => ({
    formReference: `BENCH-${run + 1}`,
    recipients: [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, { firstName: 'Charles', lastName: 'Babbage', email: 'charles@example.com' }],
    coverNote: 'Three large scans for the benchmark.',
    data: '',
    documents: docs.map((p, i) => ({ path: p, name: names[i] })),
  });
  const before = new Set(ctx.sb.store.submissions.map((s) => s.id));
  const pkgDir = path.join(ctx.work, 'package');
  return {
    caseNo: 3,
    title: `Submission, 3 × ${sizeText(attachmentBytes)} + package (POST /submissions)`,
    bytes: 3 * attachmentBytes,
    files: docs,
    method: 'POST',
    ours: (run) => ({ kind: 'create', submission: submission(run) }),
    curl: (run) => {
      const s = submission(run);
      // The same package our client sends, as package.xml (curl names each part after its file).
      const pkgFile = path.join(pkgDir, 'package.xml');
      rmSync(pkgDir, { recursive: true, force: true });
      mkdirSync(pkgDir, { recursive: true });
      writeFileSync(pkgFile, buildPackage({ ...s, coverNote: s.coverNote ?? '', data: s.data ?? '', attachmentNames: names }));
      return {
        path: '/submissions',
        args: [
          '-F', `attachment[]=@${pkgFile};type=application/xml`,
          ...docs.flatMap((p, i) => ['-F', `attachment[]=@${p};filename=${names[i]};type=application/pdf`]),
        ],
      };
    },
    cleanUp: () => {
      for (const s of ctx.sb.store.submissions) {
        if (before.has(s.id)) continue;
        for (const a of s.attachments) rmSync(ctx.sb.store.attachmentPath(s.id, a.id), { force: true });
        before.add(s.id);
      }
    },
  };
}

export function sizeText(bytes: number): string {
  return bytes >= 1024 * MiB && bytes % (1024 * MiB) === 0 ? `${bytes / (1024 * MiB)} GiB` : `${+(bytes / MiB).toFixed(1)} MiB`;
}
