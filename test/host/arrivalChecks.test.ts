// After an unknown outcome the extension tells from the list whether what it
// sent arrived. These runs have another client on the same account add an
// item of the same name at the moment that matters (after the list from
// before sending was read, before the check looks), and check that it is
// told from ours by what was sent: the primary recipient, the bytes.
import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ServiceClient } from '../../src/core';
import { binaryBytes, closeAllEditors, sha256, tempDir, waitFor, withUserSetting, workspaceDir, workspaceFile } from './fixtures';
import { pressCancelOnProgress } from './helpers';
import { compose, edit, filled, recipient, sendReviewed } from './composerDriver';
import { api, connectionOf, control, logMark, requireSandbox, runRecord, sandboxState, serviceRequests, signIn, useAccount, withAnswers } from './session';
import { startSandbox, type Sandbox } from '../../tools/sandbox';
import { accountKey } from '../../src/ui/session/secrets';
import { tried } from '../reliability/tally';

/** Another client on the same account: another window, or a colleague. */
function otherClient(): ServiceClient {
  const sb = requireSandbox();
  return new ServiceClient({ baseUrl: sb.baseUrl, credentials: { username: sb.user, password: sb.password, apiKey: sb.key }, timeoutMs: 10_000 });
}

type Fault = Record<string, unknown>;

/** Adds a sandbox fault rule. */
const fault = (rule: Fault) => control('/faults', 'POST', rule);

/** Waits until every fault rule was taken by a request. */
const faultsTaken = () => waitFor('the fault to be taken', async () => (await control<{ faults: unknown[] }>('/faults')).faults.length === 0);

/**
 * Runs `send`, holding its request (`method` on `path`) in the sandbox once it
 * arrives: the list from before sending has been read by then. Meanwhile
 * `meanwhile` runs (another client adds its item), then `outcome` is set as
 * the fault the held request meets, and the request is let go.
 */
async function whileHeld<T>(method: string, path: string, send: () => Promise<T>, meanwhile: () => Promise<unknown>, outcome: Fault): Promise<T> {
  await fault({ method, path, kind: 'delay', ms: 30_000 });
  try {
    const sending = send();
    await faultsTaken();
    await meanwhile();
    await fault({ method, path, ...outcome });
    await control('/faults/release', 'POST');
    return await sending;
  } finally {
    await control('/faults', 'DELETE');
  }
}

/**
 * The check after an unknown outcome looks for 2 s (at 0 and 2 s) instead of
 * the default 6 s: what it must find is stored 1 s after the connection died.
 */
const LOOK_SECONDS = 2;
const STORED_AFTER_MS = 1000;
const looking = <T>(fn: () => Promise<T>) => withUserSetting('arrivalCheckSeconds', LOOK_SECONDS, fn);

/** The messages the user was shown (not the questions asked). */
const toldOf = (input: { asked: readonly { method: string; text: string }[] }) => input.asked.filter((a) => a.method === 'info' || a.method === 'warn' || a.method === 'error');

/** The one message shown, which must be `method` (besides the notice that the settings name another account). */
function oneMessage(input: { asked: readonly { method: string; text: string }[] }, method: string): string {
  const told = toldOf(input).filter((t) => !/^The (user name|service address) changed to /.test(t.text));
  assert.equal(told.length, 1, told.map((t) => t.text).join(' | '));
  assert.equal(told[0].method, method, told[0].text);
  return told[0].text;
}

describe('unknown outcome: what arrived is told by what was sent', () => {
  let doc: vscode.Uri;

  before(async () => {
    await signIn();
    doc = workspaceFile('arrival/offer.txt', 'Offer for the lease of Flat 4B\n');
  });
  afterEach(closeAllEditors);
  after(() => rmSync(path.join(workspaceDir(), 'arrival'), { recursive: true, force: true }));

  /** Opens a composer on the document, fills it as `formReference` to `email` (PRIMARY) and sends it after the review. */
  const composeAndSend = async (formReference: string, email = 'solo@example.org') => {
    const id = await compose(doc);
    await sendReviewed(id, await edit(id, (f) => ({ ...filled(formReference)(f), recipients: [recipient('Solo Recipient', email)] })));
    return id;
  };

  /** Another client's submission of `formReference` to `email`. */
  const othersSubmission = (formReference: string, email: string) => otherClient().createSubmission({
    formReference, documents: [{ path: doc.fsPath }],
    recipients: [{ firstName: 'Colleague', lastName: 'Elsewhere', email }],
  });

  const submissionsNamed = async (formReference: string) => (await sandboxState()).submissions.filter((s) => s.formReference === formReference);

  it('ours never stored, while another client sent the same form reference to another primary recipient: not received', async () => {
    const formReference = `Meanwhile ${Date.now()}`;
    const { input } = await looking(() => whileHeld('POST', '^/submissions$',
      () => withAnswers([], () => composeAndSend(formReference)),
      () => othersSubmission(formReference, 'colleague@example.org'),
      { kind: 'hangUp' }));
    const text = oneMessage(input, 'warn');
    assert.match(text, new RegExp(`did not receive "${formReference}": no new submission of that name to solo@example\\.org appeared in the list within ${LOOK_SECONDS} seconds\\. 1 other submission of that name went to another primary recipient\\. You can send it again\\.$`));
    assert.doesNotMatch(text, /Do not send it again/);
    const stored = await submissionsNamed(formReference);
    assert.deepEqual(stored.map((s) => s.recipients[0].email), ['colleague@example.org'], 'only the other client\'s was stored');
    tried('faults');
    tried('lossChecks');
  });

  it('ours stored late, and another client\'s of the same form reference to another primary recipient listed first: ours is reported', async () => {
    const formReference = `Both ${Date.now()}`;
    const { input } = await looking(() => whileHeld('POST', '^/submissions$',
      () => withAnswers([], () => composeAndSend(formReference, 'Ada.Lovelace@Example.org')),
      () => othersSubmission(formReference, 'grace@example.org'),
      { kind: 'storedLate', ms: STORED_AFTER_MS }));
    const ours = await waitFor('ours stored', async () => (await submissionsNamed(formReference)).find((s) => s.recipients[0].email === 'Ada.Lovelace@Example.org'));
    const text = oneMessage(input, 'info');
    assert.match(text, new RegExp(`The service received "${formReference}": it is submission ${ours.id}, .*Do not send it again\\.$`));
    tried('faults');
  });

  it('the form whose submission is found received after an unknown outcome closes as sent: its draft is not kept to be sent again', async () => {
    const formReference = `Found received ${Date.now()}`;
    const { composer } = (await api()).deps;
    let draft = '';
    const { input } = await whileHeld('POST', '^/submissions$',
      () => withAnswers([], async () => (draft = await composeAndSend(formReference))),
      async () => undefined,
      { kind: 'storedLate', ms: 2000 });
    assert.match(oneMessage(input, 'info'), /The service received .*Do not send it again\.$/);
    assert.equal(composer.drafts.get(draft), undefined, 'its tab closed');
    assert.equal(composer.memory.draft(draft), undefined, 'its draft gone: nothing to send twice');
    assert.equal((await submissionsNamed(formReference)).length, 1);
  });

  it('two windows send the same form reference at once to different primary recipients, one connection fails: each is told of its own', async () => {
    const formReference = `Two windows ${Date.now()}`;
    const first = await compose(doc);
    const second = await compose(doc);
    const a = await edit(first, (f) => ({ ...filled(formReference)(f), recipients: [recipient('Ann', 'ann@example.org')] }));
    const b = await edit(second, (f) => ({ ...filled(formReference)(f), recipients: [recipient('Bob', 'bob@example.org')] }));
    // Whichever request arrives first gets no answer.
    await fault({ method: 'POST', path: '^/submissions$', kind: 'hangUp' });
    let input;
    try {
      ({ input } = await looking(() => withAnswers([], () => Promise.all([sendReviewed(first, a), sendReviewed(second, b)]))));
    } finally {
      await control('/faults', 'DELETE');
    }
    const stored = await submissionsNamed(formReference);
    assert.equal(stored.length, 1, 'one of the two was stored');
    const told = toldOf(input);
    assert.equal(told.length, 2, told.map((t) => t.text).join(' | '));
    assert.deepEqual(told.filter((t) => t.method === 'info').map((t) => t.text), [`Submission "${formReference}" was sent.`], 'without its id, which the user never saw (its row is selected)');
    const lost = told.find((t) => t.method === 'warn');
    assert.match(lost?.text ?? '', new RegExp(`did not receive "${formReference}"`));
    tried('faults');
  });

  it('Cancel pressed while the list is checked: says the outcome is not known, never that the list could not be read', async function () {
    if (!process.env.DSAS_CANCEL_PROGRESS_URL) this.skip();
    const formReference = `Check cancelled ${Date.now()}`;
    await fault({ method: 'POST', path: '^/submissions$', kind: 'hangUp' });
    try {
      const sending = withAnswers([], () => composeAndSend(formReference));
      await faultsTaken();
      await pressCancelOnProgress('Checking whether the service received it');
      const text = oneMessage((await sending).input, 'warn');
      assert.match(text, /^The connection failed after everything had been sent: .*You stopped the check/);
      assert.match(text, new RegExp(`whether the service received "${formReference}" is not known`));
      assert.doesNotMatch(text, /could not be read|Do not send|did not receive/);
    } finally {
      await control('/faults', 'DELETE');
    }
    tried('faults');
  });

  it('the list fails on the second look: the check goes on and finds ours on the third', async () => {
    const formReference = `Second look fails ${Date.now()}`;
    await fault({ method: 'POST', path: '^/submissions$', kind: 'storedLate', ms: 3000 });
    try {
      const mark = await logMark();
      const sending = withAnswers([], () => composeAndSend(formReference));
      // The first look after the failed request, then the second one fails (first try and 3 retries).
      await waitFor('the first look', async () => {
        const log = await serviceRequests(mark);
        const post = log.findIndex((e) => e.method === 'POST');
        return post >= 0 && log.slice(post).some((e) => e.method === 'GET' && e.path.endsWith('/submissions'));
      });
      await fault({ method: 'GET', path: '^/submissions$', kind: 'status', status: 503, times: 4 });
      const text = oneMessage((await sending).input, 'info');
      const ours = (await submissionsNamed(formReference))[0];
      assert.match(text, new RegExp(`The service received "${formReference}": it is submission ${ours.id}, .*Do not send it again\\.$`));
    } finally {
      await control('/faults', 'DELETE');
    }
    tried('faults');
  });

  describe('the account in use changes while it is sent', () => {
    let other: Sandbox;
    const main = () => requireSandbox();
    const keyOf = (sb: { baseUrl: string; user: string }) => accountKey({ baseUrl: sb.baseUrl, username: sb.user })!;

    before(async () => {
      other = await startSandbox({ user: 'eve', password: `pw-eve-${Date.now()}`, key: `key-eve-${Date.now()}` });
      runRecord().secrets.push(other.password, other.key);
      // Its secrets are stored: pointing the settings at it signs in there at once, as a user who switches between two services.
      await useAccount(other);
      await useAccount(main());
    });
    after(async () => {
      await useAccount(main());
      await other.close();
    });

    /** The workspace switches to the other service's connection; its session is signed in there already. */
    const switchToOther = async () => {
      await (await api()).deps.session.switchTo((await connectionOf(other)).id);
      await waitFor('signed in to the other service', async () => (await api()).deps.session.account === keyOf(other));
    };

    it('a submission whose outcome is unknown is looked for in the list of the service it was sent to, not the one in use since', async () => {
      await useAccount(main());
      const formReference = `Switched ${Date.now()}`;
      const { input } = await whileHeld('POST', '^/submissions$', () => withAnswers([], () => composeAndSend(formReference)), switchToOther, { kind: 'storedLate', ms: 3000 });
      const ours = await waitFor('ours stored', async () => (await submissionsNamed(formReference))[0]);
      const text = oneMessage(input, 'info');
      assert.match(text, new RegExp(`The service received "${formReference}": it is submission ${ours.id}, .*Do not send it again\\.$`));
      assert.equal(other.store.submissions.length, 0);
    });

    it('an archive upload whose outcome is unknown is looked for in the archive it was sent to, not the one in use since', async () => {
      await useAccount(main());
      const title = `Switched upload ${Date.now()}`;
      const uri = workspaceFile('arrival/switched.bin', binaryBytes(3000, 11));
      // From the Explorer with two connections, it asks which one: the workspace's, the first.
      const mainName = (await connectionOf(main())).name;
      const { input } = await whileHeld('PUT', '^/archives$', () => withAnswers([mainName, title], () => vscode.commands.executeCommand('dsas.archiveFile', uri)), switchToOther, { kind: 'storedLate', ms: 3000 });
      const ours = await waitFor('ours stored', async () => (await sandboxState()).archives.find((a) => a.title === title));
      const text = oneMessage(input, 'info');
      assert.match(text, new RegExp(`The archive received "${title}": it is file ${ours.id}\\b.*Do not upload it again\\.$`));
      assert.equal(other.store.archives.length, 0);
    });

    it('Archive This File on two files: the second goes to the archive the first went to, though the account in use changed meanwhile', async () => {
      await useAccount(main());
      const stamp = Date.now();
      const uris = [workspaceFile(`arrival/first-${stamp}.txt`, 'first\n'), workspaceFile(`arrival/second-${stamp}.txt`, 'second\n')];
      const titles = [`First ${stamp}`, `Second ${stamp}`];
      const mainName = (await connectionOf(main())).name;
      await whileHeld('PUT', '^/archives$', () => withAnswers([mainName, ...titles], () => vscode.commands.executeCommand('dsas.archiveFile', uris[0], uris)), switchToOther, { kind: 'delay', ms: 1 });
      assert.deepEqual(other.store.archives.map((a) => a.title), [], 'nothing reached the archive of the account in use since');
      assert.deepEqual((await sandboxState()).archives.filter((a) => titles.includes(a.title)).map((a) => a.title).sort(), titles);
    });

    it('a submission sent while the account in use changed is recorded for the Explorer under the account it was sent to', async () => {
      await useAccount(main());
      const formReference = `Recorded ${Date.now()}`;
      await whileHeld('POST', '^/submissions$', () => withAnswers([], () => composeAndSend(formReference)), switchToOther, { kind: 'delay', ms: 1 });
      const ours = await waitFor('ours stored', async () => (await submissionsNamed(formReference))[0]);
      // Records are written together, not one by one: what is still to be written goes now.
      await (await api()).deps.workspaceFiles.records.flush();
      const records = (await api()).deps.context.globalState.get<Record<string, Record<string, { sent?: { submissionId: string } }>>>('dsas.fileRecords') ?? {};
      assert.equal(records[keyOf(main())]?.[doc.toString()]?.sent?.submissionId, ours.id, 'recorded for the service it went to');
      assert.equal(records[keyOf(other)]?.[doc.toString()], undefined, 'nothing recorded for the other service');
    });
  });

  describe('archive files', () => {
    // The run's sandbox as the only connection: Archive This File asks for none.
    before(signIn);
    const archivesTitled = async (title: string) => (await sandboxState()).archives.filter((a) => a.title === title);

    /** A colleague's file of that name and title, with `bytes`; its id. */
    const colleagueUploads = async (name: string, title: string, bytes: Buffer) => {
      const p = path.join(tempDir(), name);
      writeFileSync(p, bytes);
      return (await otherClient().uploadArchiveFile({ path: p, title })).id;
    };

    /** Archive This File on `arrival/<name>` holding `bytes`, titled `title`, its upload held while `meanwhile` runs, then meeting `outcome`. */
    const archiveHeld = (name: string, title: string, bytes: Buffer, meanwhile: () => Promise<unknown>, outcome: Fault) => {
      const uri = workspaceFile(`arrival/${name}`, bytes);
      return whileHeld('PUT', '^/archives$', () => withAnswers([title], () => vscode.commands.executeCommand('dsas.archiveFile', uri)), meanwhile, outcome);
    };

    it('ours never stored, while a colleague archived a file of the same title and name with other bytes of the same size: not received', async () => {
      const title = `Scan ${Date.now()}`;
      const mine = binaryBytes(4096, 3);
      const { input } = await looking(() => archiveHeld('scan.bin', title, mine,
        () => colleagueUploads('scan.bin', title, binaryBytes(4096, 4)),
        { kind: 'hangUp' }));
      const text = oneMessage(input, 'warn');
      assert.match(text, new RegExp(`The archive did not receive "${title}": .* 1 other file of that title and name holds other bytes\\. You can upload it again\\.$`));
      assert.doesNotMatch(text, /Do not upload/);
      assert.deepEqual((await archivesTitled(title)).map((a) => a.hash), [sha256(binaryBytes(4096, 4))], 'only the colleague\'s is there');
      tried('faults');
      tried('lossChecks');
    });

    it('ours stored late, a colleague\'s of the same title and name with other bytes listed first: ours is reported', async () => {
      const title = `Ledger ${Date.now()}`;
      const mine = binaryBytes(2048, 5);
      const { input } = await looking(() => archiveHeld('ledger.bin', title, mine,
        () => colleagueUploads('ledger.bin', title, binaryBytes(1000, 6)),
        { kind: 'storedLate', ms: STORED_AFTER_MS }));
      const ours = await waitFor('ours stored', async () => (await archivesTitled(title)).find((a) => a.hash === sha256(mine)));
      const text = oneMessage(input, 'info');
      assert.match(text, new RegExp(`^The connection failed after everything had been sent: .*The archive received "${title}": it is file ${ours.id}\\b.*Do not upload it again\\.$`));
      tried('faults');
    });

    it('a colleague archived the very same bytes under the same title and name while ours got no answer: the archive holds it, said as such', async () => {
      const title = `Same bytes ${Date.now()}`;
      const bytes = binaryBytes(1500, 8);
      let theirs = '';
      const { input } = await archiveHeld('same.bin', title, bytes,
        async () => (theirs = await colleagueUploads('same.bin', title, bytes)),
        { kind: 'hangUp' });
      const text = oneMessage(input, 'info');
      assert.match(text, new RegExp(`The archive received "${title}": it is file ${theirs}, new since sending, with this file's name, size and hash\\. Do not upload it again\\.$`));
      tried('faults');
    });

    it('a colleague\'s file of the same title, name and size whose hash names no algorithm: cannot be told, and said so', async () => {
      const title = `Odd hash ${Date.now()}`;
      let theirs = '';
      const { input } = await archiveHeld('odd.bin', title, binaryBytes(1200, 9),
        async () => {
          theirs = await colleagueUploads('odd.bin', title, binaryBytes(1200, 10));
          await control('/archive-hash', 'POST', { id: theirs, hash: 'AB'.repeat(24) });
        },
        { kind: 'hangUp' });
      const text = oneMessage(input, 'warn');
      assert.match(text, new RegExp(`1 new file titled "${title}" appeared in the archive \\(file ${theirs}\\), but whether it is the one just sent cannot be told: its hash is not a digest the extension knows \\(32, 40, 64 or 128 hex digits\\)\\. Check before uploading it again\\.$`));
      assert.doesNotMatch(text, /Do not upload|did not receive/);
      tried('faults');
    });

    it('Archive Folder…: a colleague archives a file titled as a later file of the batch during the batch; that file gets no answer: not received', async () => {
      const stamp = Date.now();
      const names = [`a-${stamp}.txt`, `b-${stamp}.txt`, `c-${stamp}.txt`];
      for (const n of names) workspaceFile(`arrival/batch-${stamp}/${n}`, `${n}: ours\n`);
      const folder = vscode.Uri.file(path.join(workspaceDir(), `arrival/batch-${stamp}`));
      // The first upload is stored and answered slowly; meanwhile the colleague archives "b-….txt", then the batch's next upload gets no answer.
      await fault({ method: 'PUT', path: '^/archives$', kind: 'slowBody', ms: 200, chunkBytes: 8 });
      let input;
      try {
        const archiving = looking(() => withAnswers(['File name'], () => vscode.commands.executeCommand('dsas.archiveFolder', folder, [folder])));
        await faultsTaken();
        await colleagueUploads(names[1], names[1], Buffer.from(`${names[1]}: the colleague's\n`));
        await fault({ method: 'PUT', path: '^/archives$', kind: 'hangUp' });
        ({ input } = await archiving);
      } finally {
        await control('/faults', 'DELETE');
      }
      const text = oneMessage(input, 'warn');
      assert.match(text, new RegExp(`The archive did not receive "${names[1]}".*The other file was not sent\\.$`));
      const archived = (await sandboxState()).archives.filter((a) => names.includes(a.title));
      assert.deepEqual(archived.map((a) => a.title).sort(), [names[0], names[1]], 'the first file, and the colleague\'s');
      tried('faults');
      tried('lossChecks');
    });
  });
});
