// What a notice of a changed submission offers to do next, and says of a
// rejection: the recipient's comment, inert and bounded.
import * as assert from 'node:assert/strict';
import { closeAllEditors, nextEvent, workspaceFile } from './fixtures';
import { pdfReport } from './panelDriver';
import { pollRound } from './polls';
import { api, control, pageMessages, signIn } from './session';
import type { FromTimeline } from '../../src/shared/timelineProtocol';

async function submission(formReference: string, emails: readonly string[]): Promise<string> {
  const { deps, poller } = await api();
  const { id } = await deps.session.client.createSubmission({
    formReference, documents: [{ path: workspaceFile(`notices/${formReference}.txt`, `${formReference}\n`).fsPath }],
    recipients: emails.map((email) => ({ firstName: email.split('@')[0], lastName: 'Next', email })),
  });
  await pollRound(poller); // known as pending, and what other suites changed told
  return id;
}

describe('what a notice offers to do next', () => {
  before(signIn);
  after(closeAllEditors);

  it('a rejection\'s notice quotes the comment of the recipient who rejected, inert and bounded; Show History opens its History', async () => {
    const { poller } = await api();
    const formReference = `NEXT-STEP-${Date.now()}`;
    const id = await submission(formReference, ['nora@example.org', 'otto@example.org']);
    const comment = `Figures for Q3 are missing [see](command:dsas.signOut) ${'z'.repeat(300)}`;
    await control('/respond', 'POST', { submissionId: id, email: 'nora@example.org', outcome: 'reject', comment });
    const opened = nextEvent(pageMessages<FromTimeline>('timeline.js'), (r) => r.key === id && r.message.type === 'rendered', 'its History drawn', 30_000);
    const told = (await pollRound(poller, ['Show History'])).filter((a) => a.text.includes(formReference));
    assert.equal(told.length, 1, told.map((a) => a.text).join(' / '));
    assert.equal(told[0].method, 'warn');
    assert.deepEqual(told[0].items, ['Show History', 'Show']);
    const text = told[0].text;
    assert.match(text, new RegExp(`^Submission "${formReference}": rejected by nora Next\\. nora Next commented: "Figures for Q3 are missing `));
    assert.ok(!text.includes('](command:'), `no link can form: ${text}`);
    assert.match(text, /z{100,200}…"$/, `the comment cut with an ellipsis: ${text}`);
    assert.ok(text.length < 400, `bounded: ${text.length} characters`);
    await opened;
  });

  it('a completion\'s notice offers Open Summary, which opens its Summary', async () => {
    const { poller } = await api();
    const formReference = `NEXT-SUMMARY-${Date.now()}`;
    const id = await submission(formReference, ['pia@example.org']);
    await control('/respond', 'POST', { submissionId: id, outcome: 'accept' });
    let told: string[] = [];
    await pdfReport(async () => {
      told = (await pollRound(poller, ['Open Summary'])).filter((a) => a.text.includes(formReference)).map((a) => a.text);
    }, (m) => m.type === 'rendered', 'its Summary drawn');
    assert.deepEqual(told, [`Submission "${formReference}": pia Next responded; it is completed.`]);
  });
});
