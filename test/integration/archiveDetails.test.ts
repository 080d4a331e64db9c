import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { silentLogger } from '../../src/core/logger';
import { ArchiveDetails } from '../../src/ui/workspace/archiveDetails';
import { archiveFiles, archiveRowsOf } from '../../tools/archiveRows';
import { requestCounter } from '../../tools/requestCounter';
import { clientFor, freshSandbox, makeFile, removeTemps, tempDir } from './helpers';

// The Explorer's decorations match workspace files with archive files by
// size and hash, which only the details have. A detail never changes, so a
// new list (after an upload, Refresh) costs the details of new files only.
describe('archive details for the decorations, across a new list', () => {
  it('after an upload to a 400-file archive and the list fetched again (as Archive This File does), one detail request, the new file\'s, not one per file (401 before)', async () => {
    const sb = await freshSandbox();
    try {
      const dir = tempDir();
      const counter = requestCounter();
      const client = clientFor(sb, { logger: counter.logger });
      const listed = await archiveFiles(client, dir, 400);
      const rows = archiveRowsOf(client);
      await rows.refreshList(); // the Archive view's list, loaded
      let redrawn = 0;
      const details = new ArchiveDetails(rows, { signedIn: true, client, onDidChange: () => ({ dispose() {} }) }, silentLogger, () => redrawn++);
      await details.ensure();
      assert.equal(details.index.size, 400);
      assert.ok(listed.every((id) => details.index.has(id)));

      // What an upload does: the file goes, then the Archive view fetches its list again.
      const created = await client.uploadArchiveFile({ path: makeFile(dir, 'new.txt', 'the new one\n'), title: 'New' });
      await rows.refreshList();
      const before = counter.count;
      const redrawnBefore = redrawn;
      await details.ensure();
      assert.equal(counter.count - before, 1, 'one detail asked: the new file\'s');
      assert.ok(details.index.has(created.id), 'the new file is matched');
      assert.equal(details.index.size, 401);
      assert.ok(redrawn > redrawnBefore, 'the decorations are asked again');
    } finally {
      await sb.close();
      removeTemps();
    }
  });
});
