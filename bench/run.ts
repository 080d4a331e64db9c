// `npm run bench`: our client against curl on the sandbox, plus parsing, tree
// rows, round trips, memory, bundle size and activation, and a 500-page PDF in
// the viewer. Prints one table on
// stdout (progress goes to stderr) and writes bench/results.json. See the
// README's Performance section; `npm run bench -- --help` for the options.
import { mkdirSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox } from '../tools/sandbox';
import { measureBundle, readActivation } from './cases/bundle';
import { readHostTransfers } from './cases/hostTransfers';
import { runDecorations } from './cases/decorations';
import { runDetails } from './cases/details';
import { runListLoad } from './cases/lists';
import { runParsing } from './cases/parsing';
import { runRecords } from './cases/records';
import { runPdfLarge } from './cases/pdfLarge';
import { runRows } from './cases/rows';
import { downloadSpec, runTransfer, sizeText, submissionSpec, uploadSpec, type TransferSpec } from './cases/transfer';
import { disposeClientChild } from './clientProcess';
import type { BenchContext } from './context';
import { CURL_MISSING } from './curl';
import { curlVersion, machineInfo } from './machine';
import { parseOptions, USAGE, type BenchOptions } from './options';
import { renderTable, RESULTS_FILE, tableRows, writeResults, type Results, type RoundTrip } from './report';
import { MiB } from './stats';

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

async function main(): Promise<number> {
  let opts: BenchOptions | 'help';
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (e) {
    log((e as Error).message);
    return 2;
  }
  if (opts === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const needsCurl = [1, 2, 3, 6].some((c) => opts.cases.has(c));
  const curl = curlVersion();
  if (needsCurl && !curl) {
    log(CURL_MISSING);
    return 1;
  }
  const machine = machineInfo(curl ?? 'not installed');
  const date = new Date().toISOString();
  log(`bench: ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}, ${machine.curl}; load ${machine.loadAverage.start}`);
  log(`bench: sizes ${sizeText(opts.sizeMiB * MiB)} (cases 1–2), 3 × ${sizeText(opts.attachmentMiB * MiB)} (case 3), ${opts.runs} runs each${opts.quick ? ' (quick)' : ''}`);

  const results: Results = { transfers: [] };
  if (opts.cases.has(8)) {
    log('case 8: production bundle (node esbuild.mjs --production, in a temporary folder)');
    results.bundle = measureBundle();
    results.activation = readActivation();
    results.installedActivation = readActivation('activation-installed.json');
    results.hostTransfers = readHostTransfers();
  }
  if (opts.cases.has(4)) {
    log('case 4: parsing 10,000-item lists');
    results.parsing = await runParsing(Math.max(opts.runs, 5));
    log('case 4: a 10,000-item list arriving, and polls of it unchanged; a 100,000-item list arriving (child processes)');
    results.listLoads = [await runListLoad(10_000, Math.max(opts.runs, 5)), await runListLoad(100_000, 0)];
  }
  if (opts.cases.has(5)) {
    log('case 5: tree rows for 10,000 submissions');
    results.rows = await runRows(Math.max(opts.runs, 5));
  }
  if (opts.cases.has(9)) {
    log('case 9: Explorer decorations, 10,000 workspace files against 1,000 archive files');
    results.decorations = await runDecorations(Math.max(opts.runs, 5));
  }

  if (opts.cases.has(10)) {
    log('case 10: Explorer records of 10,000 archived files; archive details after uploads to a 400-file archive');
    results.records = await runRecords();
    results.details = await runDetails();
  }

  if (opts.cases.has(11)) {
    log('case 11: a 500-page PDF in the viewer of the real workbench (the host suite\'s large-PDF test, alone)');
    results.pdfLarge = await runPdfLarge(log);
  }

  const transfers = [1, 2, 3].filter((c) => opts.cases.has(c));
  if (transfers.length || opts.cases.has(6)) {
    const ownWork = opts.workDir === undefined;
    const work = opts.workDir ? path.resolve(opts.workDir) : mkdtempSync(path.join(os.tmpdir(), 'dsas-bench-'));
    mkdirSync(work, { recursive: true });
    checkSpace(work, opts, transfers);
    const sb = await startSandbox({ dataDir: path.join(work, 'sandbox'), seed: 'none', user: 'bench', password: 'bench-password', key: 'bench-key' });
    const ctx: BenchContext = {
      opts, sb, work, log,
      child: { baseUrl: sb.baseUrl, user: sb.user, password: sb.password, key: sb.key, profileDir: opts.profileDir },
    };
    try {
      // Round trips on small files first; it also warms the sandbox up.
      log(`case 6: round trips per operation${opts.cases.has(6) ? '' : ' (warm-up only)'}`);
      const trips = await roundTrips(ctx);
      if (opts.cases.has(6)) results.roundTrips = trips;
      for (const c of transfers) {
        const spec: TransferSpec = c === 1 ? uploadSpec(ctx, opts.sizeMiB * MiB) : c === 2 ? await downloadSpec(ctx, opts.sizeMiB * MiB) : submissionSpec(ctx, opts.attachmentMiB * MiB);
        log(`case ${c}: ${spec.title}`);
        results.transfers.push(await runTransfer(ctx, spec));
      }
    } finally {
      await sb.close();
      await disposeClientChild();
      if (ownWork) rmSync(work, { recursive: true, force: true });
      else rmSync(path.join(work, 'sandbox'), { recursive: true, force: true });
    }
  }

  machine.loadAverage.ended = Math.round(os.loadavg()[0] * 100) / 100;
  const table = tableRows(results, opts);
  process.stdout.write(`\n${renderTable(table)}\n\n`);
  process.stdout.write(`Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}; Node ${machine.node}; ${machine.curl}. `
    + `Load average ${machine.loadAverage.start} at the start, ${machine.loadAverage.ended} at the end. ${date}.\n`);
  writeResults(RESULTS_FILE, { date, machine, options: opts, results, table });
  log(`bench: results in ${path.relative(process.cwd(), RESULTS_FILE)}`);
  return 0;
}

/** Case 6: requests per operation once signed in, ours and curl's, on 1 MiB files. */
async function roundTrips(ctx: BenchContext): Promise<RoundTrip[]> {
  const small = MiB;
  const list: TransferSpec = {
    caseNo: 6, title: 'list (GET /submissions)', bytes: 0, files: [], method: 'GET',
    ours: () => ({ kind: 'listSubmissions' }),
    curl: () => ({ path: '/submissions', args: [] }),
    cleanUp: () => undefined,
  };
  const specs: [string, TransferSpec][] = [
    ['list (GET /submissions)', list],
    ['upload (PUT /archives)', { ...uploadSpec(ctx, small), caseNo: 6 }],
    ['download (GET /archives/…)', { ...(await downloadSpec(ctx, small)), caseNo: 6 }],
    ['create submission (POST /submissions)', { ...submissionSpec(ctx, small), caseNo: 6 }],
  ];
  const out: RoundTrip[] = [];
  for (const [operation, spec] of specs) {
    const r = await runTransfer(ctx, spec, 1);
    out.push({ operation, ours: r.ours.requests[0], oursLogged: r.ours.logged[0], curl: r.curl.logged[0], curlFirstBodyBytes: r.curl.firstRequestBytesIn[0] });
  }
  return out;
}

/** Refuses to start when the work folder's file system cannot hold the files. */
function checkSpace(work: string, opts: BenchOptions, transfers: number[]): void {
  const size = opts.sizeMiB * MiB;
  const att = 3 * opts.attachmentMiB * MiB;
  // Sources, the archived download source, one run's copy in the sandbox and one download.
  const need = (transfers.includes(1) ? 2 * size : 0) + (transfers.includes(2) ? 3 * size : 0) + (transfers.includes(3) ? 2 * att : 0) + 64 * MiB;
  const fs = statfsSync(work);
  const free = fs.bavail * fs.bsize;
  if (free < need) throw new Error(`${work} has ${(free / MiB).toFixed(0)} MiB free; the bench needs about ${(need / MiB).toFixed(0)} MiB (use --work-dir, or smaller --size / --attachment-size)`);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    log(`bench failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    process.exitCode = 1;
  },
);
