// Open History and Summary panels follow what the Submissions view's Refresh
// learns from the list alone: a submission that completed behind them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, submissionNode } from './fixtures';
import { timelineView, webviewText } from './helpers';
import { freshSubmission, openTimeline, pdfReport, timelineShows } from './panelDriver';
import { api, control, signIn, withAnswers } from './session';

/** The view's Refresh, with the notices of what it learned (gathered for a moment) answered here, not left on screen. */
const refresh = () => withAnswers([], async () => {
  await vscode.commands.executeCommand('dsas.refreshSubmissions');
  await new Promise((r) => setTimeout(r, 1000));
});

describe('panels following Refresh', () => {
  before(signIn);
  after(closeAllEditors);

  it('a submission completed behind an open History panel updates the panel after Refresh', async () => {
    const s = await freshSubmission('refresh-history');
    const { poller } = await api();
    await withAnswers([], () => poller.pollNow()); // in the list, pending
    await openTimeline(await submissionNode(s.id), s.id);
    assert.match((await timelineView(s.id)).status, /PENDING/);
    await control('/respond', 'POST', { submissionId: s.id, outcome: 'accept' });
    // The view is not expanded on the submission: only the list says it completed.
    await refresh();
    const seen = await timelineShows(s.id, (x) => /COMPLETED/.test(x.status), 'COMPLETED in the open History panel after Refresh');
    assert.deepEqual(seen.responseStatuses, ['1']);
  });

  it('an open Summary offers to reload after Refresh learns that its submission completed', async () => {
    const s = await freshSubmission('refresh-summary');
    const { poller } = await api();
    await withAnswers([], () => poller.pollNow());
    const node = await submissionNode(s.id);
    await pdfReport(() => vscode.commands.executeCommand('dsas.showSummary', node), (x) => x.type === 'rendered', 'the summary');
    await control('/respond', 'POST', { submissionId: s.id });
    await refresh();
    const text = await webviewText('The submission changed since this summary was loaded.');
    assert.match(text, /Reload/, 'with a Reload button');
  });
});
