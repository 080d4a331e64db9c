import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export const CURL_MISSING = 'curl is not installed. On Debian or Ubuntu install it with: apt-get update && apt-get install -y curl (as root, or with sudo)';

export interface CurlTarget {
  readonly baseUrl: string;
  readonly user: string;
  readonly password: string;
  readonly key: string;
}

export interface CurlRun {
  /** curl's own `time_total`: from before connecting to the last byte, 401 round trip included. */
  readonly ms: number;
  /** From spawning curl to its exit, as seen by the bench (adds process start-up). */
  readonly wallMs: number;
  /** curl's CPU time (user + system), from the shell's `times`. */
  readonly cpuMs: number;
  readonly status: number;
  readonly uploaded: number;
  readonly downloaded: number;
}

/**
 * `curl --digest` against the service with the key header, as the spec's
 * examples call it (`-H 'Expect:'`, so no 100-continue wait). `args` are
 * the operation's own (-T, -F, -o …).
 */
export function runCurl(t: CurlTarget, path: string, args: readonly string[]): Promise<CurlRun> {
  const all = [
    '-sS', '--fail-with-body', '--digest', '-u', `${t.user}:${t.password}`,
    '-H', `X-Service-Key: key="${t.key}"`, '-H', 'Expect:',
    '-w', '%{http_code} %{time_total} %{size_upload} %{size_download}',
    ...(args.includes('-o') ? [] : ['-o', '/dev/null']),
    ...args,
    t.baseUrl + path,
  ];
  const started = performance.now();
  return new Promise<CurlRun>((resolve, reject) => {
    // Through bash, whose `times` reports curl's CPU time (printed last on stderr).
    const child = spawn('bash', ['-c', 'command -v curl >/dev/null || exit 127; curl "$@"; s=$?; times >&2; exit $s', 'bash', ...all], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => {
      out += s;
    });
    child.stderr.setEncoding('utf8').on('data', (s: string) => {
      err += s;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      if (code === 127) {
        reject(new Error(CURL_MISSING));
        return;
      }
      const lines = err.trim().split('\n');
      const times = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(lines[lines.length - 1] ?? '');
      const m = /(\d{3}) ([\d.]+) (\d+) (\d+)$/.exec(out.trim());
      if (code !== 0 || !m) {
        reject(new Error(`curl ${path} failed (exit ${code}): ${(times ? lines.slice(0, -2) : lines).join('\n').trim() || out.trim()}`));
        return;
      }
      const cpuMs = times ? (Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4])) * 1000 : Number.NaN;
      resolve({ status: Number(m[1]), ms: Number(m[2]) * 1000, wallMs, cpuMs, uploaded: Number(m[3]), downloaded: Number(m[4]) });
    });
  });
}
