// Case 4, long lists: a list of submissions served over loopback HTTP by this
// process and read by the client's list reading in a child process
// (listChild.ts): the longest event-loop block while it arrives and is
// parsed, the peak memory above the child's baseline, and the CPU of polls
// that get the same bytes again.
import { fork } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { ListChildRequest, ListChildResult } from '../listChild';
import { submissionListBytes } from './parsing';

export interface ListLoadResult extends ListChildResult {
  readonly requestedItems: number;
}

export async function runListLoad(items: number, polls: number): Promise<ListLoadResult> {
  const body = submissionListBytes(items);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/submissions`;
  try {
    const child = fork(path.join(__dirname, '..', 'listChild.ts'), [], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const answer = await new Promise<ListChildResult>((resolve, reject) => {
      child.once('message', (m: { ok: true; result: ListChildResult } | { ok: false; error: string }) => (m.ok ? resolve(m.result) : reject(new Error(m.error))));
      child.once('exit', (code) => reject(new Error(`the list child exited with ${code}`)));
      child.send({ url, polls } satisfies ListChildRequest);
    });
    return { ...answer, requestedItems: items };
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}
