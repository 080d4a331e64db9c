// Case 10, details: what the Explorer's decorations ask of the service after
// uploads to a 400-file archive, with the code the provider runs
// (src/ui/workspace/archiveDetails.ts, free of `vscode`) and a real client
// against the sandbox, its requests counted from its log. Each upload is
// followed by the list fetched again, as the Archive view does after one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ServiceClient } from '../../src/core';
import { silentLogger } from '../../src/core/logger';
import { ArchiveDetails } from '../../src/ui/workspace/archiveDetails';
import { archiveFiles, archiveRowsOf } from '../../tools/archiveRows';
import { requestCounter } from '../../tools/requestCounter';
import { startSandbox } from '../../tools/sandbox';

export interface DetailsResult {
  readonly archiveFiles: number;
  /** Detail requests of the first fill (every listed file). */
  readonly firstFill: number;
  /** Requests of the decorations after each upload and new list. */
  readonly perUpload: number[];
}

export const DETAILS_ARCHIVE = 400;
const UPLOADS = 5;

export async function runDetails(): Promise<DetailsResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dsas-bench-details-'));
  const sb = await startSandbox({ dataDir: path.join(dir, 'sandbox'), seed: 'none', user: 'bench', password: 'bench-password', key: 'bench-key' });
  try {
    const counter = requestCounter();
    const client = new ServiceClient({ baseUrl: sb.baseUrl, credentials: { username: sb.user, password: sb.password, apiKey: sb.key }, logger: counter.logger });
    await archiveFiles(client, dir, DETAILS_ARCHIVE);
    const rows = archiveRowsOf(client);
    await rows.refreshList();
    const details = new ArchiveDetails(rows, { signedIn: true, client, onDidChange: () => ({ dispose() {} }) }, silentLogger, () => undefined);
    let mark = counter.count;
    await details.ensure();
    const firstFill = counter.count - mark;
    const perUpload: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const p = path.join(dir, `new-${i}.txt`);
      writeFileSync(p, `uploaded ${i}\n`);
      await client.uploadArchiveFile({ path: p, title: `New ${i}` });
      await rows.refreshList();
      mark = counter.count;
      await details.ensure();
      perUpload.push(counter.count - mark);
    }
    details.dispose();
    return { archiveFiles: DETAILS_ARCHIVE, firstFill, perUpload };
  } finally {
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
