// "While you were away": at sign-in, what changed since the account's last
// look is told in one notice of counts, and each response is on the badge.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor, workspaceFile } from './fixtures';
import { pollRound } from './polls';
import { api, control, requireSandbox, signIn, signOut, withAnswers } from './session';

describe('while you were away', () => {
  before(signIn);

  it('at sign-in, one notice sums up what changed since the last look; Show lists the unseen responses, each on the badge', async () => {
    const { deps, poller } = await api();
    const stamp = Date.now();
    const create = async (formReference: string, emails: string[]) => (await deps.session.client.createSubmission({
      formReference, documents: [{ path: workspaceFile(`away/${formReference}.txt`, `${formReference}\n`).fsPath }],
      recipients: emails.map((email) => ({ firstName: email.split('@')[0], lastName: 'Away', email })),
    })).id;
    const a = await create(`AWAY-A-${stamp}`, [`xa${stamp}@example.org`, `ya${stamp}@example.org`]);
    const b = await create(`AWAY-B-${stamp}`, [`zb${stamp}@example.org`]);
    await pollRound(poller);
    const base = deps.submissions.view.badge?.value ?? 0;
    await signOut();
    await control('/respond', 'POST', { submissionId: a, email: `xa${stamp}@example.org`, outcome: 'reject' });
    await control('/respond', 'POST', { submissionId: b, email: `zb${stamp}@example.org`, outcome: 'accept' });

    const sb = requireSandbox();
    const { input } = await withAnswers([sb.password, sb.key, 'Show'], async () => {
      await vscode.commands.executeCommand('dsas.signIn');
      await poller.pollNow(); // the sign-in's first poll
    });
    const told = input.asked.filter((q) => q.method === 'info' || q.method === 'warn');
    assert.equal(told.length, 1, `one notice: ${told.map((q) => q.text).join(' / ')}`);
    assert.match(told[0].text, /^Since .+: \d+ responses, \d+ rejections?, \d+ completed\.$/);
    const [responses, rejections, completed] = told[0].text.match(/\d+(?= (responses|rejection|completed))/g)!.map(Number);
    assert.ok(responses >= 2 && rejections >= 1 && completed >= 1, told[0].text);
    assert.equal(told[0].method, 'warn', 'a rejection among them needs attention');
    assert.deepEqual(told[0].items, ['Show']);
    assert.ok((deps.submissions.view.badge?.value ?? 0) >= base + 2, 'each response on the badge');
    await waitFor('Show: the unseen responses listed', () => deps.submissions.quickFilter === 'unseen');
    const shown = (await deps.submissions.getChildren()).flatMap((n) => (n.kind === 'submission' ? [n.item.id] : []));
    assert.ok(shown.includes(a) && shown.includes(b), JSON.stringify(shown));
    await vscode.commands.executeCommand('dsas.showOnlySubmissions', 'all');
    assert.deepEqual((await pollRound(poller)).filter((q) => q.text.includes(`AWAY-`) && q.text.includes(String(stamp))), [], 'told once');
  });
});
