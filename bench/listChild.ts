// Reads one list the way the client does (src/core/listReading.ts) from a
// server in the parent, in a process of its own, so that its event loop,
// CPU and memory are measured alone. Started by cases/lists.ts; receives one
// ListChildRequest over IPC, answers one ListChildResult, exits.
import * as http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { readList, type KnownList } from '../src/core/listReading';
import { boundOnly } from '../src/core/serviceText';
import { DEFAULT_MAX_LIST_BYTES } from '../src/core/transport/service';
import { ResponseReader } from '../src/core/xml/readers';
import type { SubmissionListItem } from '../src/core/models';
import { RssSampler, settledRss } from './memory';

export interface ListChildRequest {
  readonly url: string;
  /** Reads of the unchanged list after the first one. */
  readonly polls: number;
}

export interface ListChildResult {
  readonly items: number;
  readonly bytes: number;
  /** The first read: wall time and CPU (user + system) of this process. */
  readonly ms: number;
  readonly cpuMs: number;
  /** The longest gap between two ticks of a 1 ms timer during the first read. */
  readonly longestBlockMs: number;
  /** The event loop's largest delay during the first read (monitorEventLoopDelay, 1 ms resolution). */
  readonly loopDelayMaxMs: number;
  /**
   * The most CPU this process used between two ticks of the timer during the
   * first read: how long the reading held the loop, without the time a busy
   * machine made the process wait for a core (which the gaps include).
   */
  readonly blockCpuMs: number;
  /** The longest gap of the same timer over a second just before, with nothing to do: what the machine alone costs. */
  readonly idleGapMs: number;
  readonly baselineRss: number;
  readonly peakRss: number;
  /** CPU of each read of the unchanged list. */
  readonly pollCpuMs: number[];
  /** Whether every unchanged read gave back the first list itself. */
  readonly reused: boolean;
}

const agent = new http.Agent({ keepAlive: true });
const reader = new ResponseReader();

function read(url: string, previous?: KnownList<SubmissionListItem>): Promise<KnownList<SubmissionListItem>> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent }, (res) => {
      const length = res.headers['content-length'];
      readList(res, {
        operation: 'GET /submissions', limit: DEFAULT_MAX_LIST_BYTES, quote: boundOnly, reader: () => reader.submissionListReader(),
        contentType: res.headers['content-type'], contentLength: length === undefined ? undefined : Number(length), previous,
      }).then(resolve, reject);
    }).on('error', reject);
  });
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

/** Ticks a 1 ms timer and keeps its longest gap, and the most CPU the process used between two ticks. */
function probeLoop(): () => { gapMs: number; cpuMs: number } {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let gapMs = 0;
  let most = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    most = Math.max(most, cpuMs(lastCpu));
    last = now;
    lastCpu = process.cpuUsage();
  }, 1);
  return () => {
    clearInterval(probe);
    return { gapMs, cpuMs: most };
  };
}

async function run(req: ListChildRequest): Promise<ListChildResult> {
  const baselineRss = await settledRss();
  const idle = probeLoop();
  await new Promise((r) => setTimeout(r, 1000));
  const idleGapMs = idle().gapMs;
  const sampler = new RssSampler();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  sampler.start(5);
  delay.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const stop = probeLoop();
  const first = await read(req.url);
  const ms = performance.now() - started;
  const firstCpu = cpuMs(cpu);
  delay.disable();
  const { gapMs: longestBlockMs, cpuMs: blockCpuMs } = stop();
  const { peak } = sampler.stop();
  const pollCpuMs: number[] = [];
  let reused = true;
  for (let i = 0; i < req.polls; i++) {
    const c = process.cpuUsage();
    const again = await read(req.url, first);
    pollCpuMs.push(cpuMs(c));
    reused &&= again === first;
  }
  return {
    items: first.items.length, bytes: first.bytes, ms, cpuMs: firstCpu, longestBlockMs, loopDelayMaxMs: delay.max / 1e6, blockCpuMs, idleGapMs,
    baselineRss, peakRss: peak, pollCpuMs, reused,
  };
}

process.once('message', (req: ListChildRequest) => {
  run(req).then(
    (r) => process.send?.({ ok: true, result: r }, () => process.exit(0)),
    (e: unknown) => process.send?.({ ok: false, error: e instanceof Error ? e.message : String(e) }, () => process.exit(1)),
  );
});
