import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as os from 'node:os';

export interface MachineInfo {
  readonly cpuModel: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly os: string;
  readonly node: string;
  readonly curl: string;
  /** 1-minute load average when the bench started and ended: other work on the machine. */
  readonly loadAverage: { readonly start: number; ended?: number };
}

export function machineInfo(curlVersion: string): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    os: `${osName()} (${os.platform()} ${os.release()} ${os.arch()})`,
    node: process.version,
    curl: curlVersion,
    loadAverage: { start: Math.round(os.loadavg()[0] * 100) / 100 },
  };
}

function osName(): string {
  try {
    const m = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(readFileSync('/etc/os-release', 'utf8'));
    if (m) return m[1];
  } catch {
    // not Linux, or no os-release
  }
  return os.type();
}

/** curl's first version line, or undefined when curl is not installed. */
export function curlVersion(): string | undefined {
  const r = spawnSync('curl', ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return undefined;
  return r.stdout.split('\n')[0].trim();
}

