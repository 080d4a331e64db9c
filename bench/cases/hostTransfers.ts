// The upload and download measured inside the extension host by the host
// harness (test/host/transfers.test.ts writes test-artifacts/host-transfers.json).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export interface HostTransfer {
  readonly ms: number;
  readonly cpuMs: number;
  readonly requests: number;
}

export interface HostTransferRun {
  /** 127.0.0.1 (VS Code leaves the client its connections) or 127.0.0.2 (VS Code's own agent, through a forwarder in the extension host). */
  readonly address: string;
  readonly upload: HostTransfer;
  readonly download: HostTransfer;
  readonly connections: number;
}

export interface HostTransfers {
  readonly file: string;
  readonly bytes?: number;
  readonly recordedAt?: string;
  readonly runs: HostTransferRun[];
}

export function readHostTransfers(): HostTransfers {
  const file = path.join(ROOT, 'test-artifacts', 'host-transfers.json');
  try {
    const j = JSON.parse(readFileSync(file, 'utf8')) as { bytes?: number; at?: string; runs?: HostTransferRun[] };
    return { file: path.relative(ROOT, file), bytes: j.bytes, recordedAt: j.at, runs: j.runs ?? [] };
  } catch {
    return { file: path.relative(ROOT, file), runs: [] };
  }
}
