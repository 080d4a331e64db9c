// What New Submission's page is told never names where the extension keeps
// an archive document's copy (a private temporary folder): not in the
// documents, and not in any text the page shows, the problems under its
// fields among them.
import assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ComposerDocument, ComposerForm, ToComposer } from '../../src/shared/composerProtocol';
import { forPage } from '../../src/ui/composer/pageMessages';
import { TEMPORARY_FOLDER_PREFIX } from '../../src/ui/transfers/temporaryFolder';

const folder = path.join(os.tmpdir(), `${TEMPORARY_FOLDER_PREFIX}4242-AbC123`, '1');
// What a fetch that failed on a full disk says, as the form words it.
const reason = `Not available yet: The file could not be written to "${folder}": the disk is full (ENOSPC). It is fetched again when you sign in, or with Fetch Again.`;
const held: ComposerDocument = {
  path: path.join(folder, 'terms.pdf'), name: 'terms.pdf', size: 37, sizeText: '37 bytes', type: 'application/pdf', archiveId: '201',
  account: JSON.stringify(['https://a.example/v1.1', 'ann']), unavailable: { reason, retry: true },
};
const form: ComposerForm = { documents: [held], recipients: [], coverNote: '', data: '', formReference: 'Terms', advanced: { broadcast: '0', transparency: '0', confirmIntent: '0' } };
const problems = { documents: `Send waits for "terms.pdf". ${reason}` };

describe('what New Submission\'s page is told', () => {
  const messages: ToComposer[] = [
    { type: 'form', draftId: 'd', form, problems, to: '', recentRecipients: [], defaults: form.advanced, defaultType: 'REGULAR' },
    { type: 'documents', documents: [held], problems },
    { type: 'problems', problems },
    { type: 'account', to: '', problems },
    { type: 'phase', phase: 'editing', message: `Not sent: ${reason}` },
    { type: 'announce', text: `Added "terms.pdf". ${reason}` },
  ];
  for (const m of messages) {
    it(`a "${m.type}" message names no temporary folder, and says there was one`, () => {
      const told = JSON.stringify(forPage(m));
      assert.ok(!told.includes(TEMPORARY_FOLDER_PREFIX) && !told.includes(os.tmpdir()), told);
      assert.match(told, /a temporary file/);
    });
  }

  it('a workspace document keeps its path (the page shows where it is in the workspace)', () => {
    const local: ComposerDocument = { path: '/ws/annexes/a.csv', name: 'a.csv', size: 4, sizeText: '4 bytes', type: 'text/csv', location: 'annexes/a.csv' };
    const told = forPage({ type: 'documents', documents: [local], problems: {} });
    assert.deepEqual(told, { type: 'documents', documents: [local], problems: {} });
  });
});
