import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { Readable } from 'node:stream';
import { archiveFilesAsDocuments, type ArchiveDocumentDeps } from '../../src/ui/composer/archiveDocuments';
import { TEMPORARY_FOLDER_PREFIX } from '../../src/ui/transfers/temporaryFolder';
import type { AttachmentNode } from '../../src/ui/lists/nodes';
import type { InputBoxOptions } from '../../src/ui/input/userInput';
import { binaryBytes, sha256, submissionNode, waitFor, workspaceFile } from './fixtures';
import { pdfView, pressCancelOnProgress, webviewKeys } from './helpers';
import type { Asked } from './scriptedInput';
import { api, control, logMark, sandboxState, serviceRequests, signIn, withAnswers } from './session';

/** The extension's temporary folders now (the host run gives the extension host a TMPDIR of its own). */
function transferFolders(): string[] {
  return readdirSync(os.tmpdir()).filter((n) => n.startsWith(TEMPORARY_FOLDER_PREFIX)).sort();
}

/** The kind of a ServiceError thrown by the extension's bundle (instanceof would compare another copy of the class). */
const kindOf = (e: unknown): unknown => (e as { kind?: unknown }).kind;

/** Accepts the input box's default. */
const acceptDefault = (asked: Asked): string => (asked.options as InputBoxOptions).value ?? '';

async function toBuffer(s: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function archiveIds(): Promise<Set<string>> {
  return new Set((await sandboxState()).archives.map((a) => a.id));
}

async function newArchives(before: Set<string>) {
  return (await sandboxState()).archives.filter((a) => !before.has(a.id));
}

/** A sandbox submission by form reference, as its row and attachment rows are handed to a command. */
async function submissionWith(formReference: string) {
  const stored = (await sandboxState()).submissions.find((s) => s.formReference === formReference);
  if (!stored) throw new Error(`no submission ${formReference} in the sandbox`);
  const node = await submissionNode(stored.id);
  const attachment = (i: number): AttachmentNode => ({ kind: 'attachment', submission: node, attachment: stored.attachments[i] });
  return { stored, node, attachment };
}

async function selectedInArchive(id: string): Promise<void> {
  const view = (await api()).deps.archive.view;
  await waitFor(`archive file ${id} revealed and selected`, () => view.selection[0]?.kind === 'archiveFile' && view.selection[0].item.id === id);
}

describe('Archive This Attachment, Archive Summary PDF', () => {
  let tmpBefore: string[];
  before(signIn);
  beforeEach(() => {
    tmpBefore = transferFolders();
  });
  afterEach(async () => {
    await control('/faults', 'DELETE');
    assert.deepEqual(transferFolders(), tmpBefore, 'no temporary file is left');
  });

  it('an attachment row: the archive holds its bytes, titled "<form reference> – <name>", revealed and selected', async () => {
    const { stored, attachment } = await submissionWith('CONTRACT-2025-0417');
    const before = await archiveIds();
    const { input } = await withAnswers([acceptDefault], () => vscode.commands.executeCommand('dsas.archiveAttachment', attachment(0)));
    const added = await newArchives(before);
    assert.equal(added.length, 1);
    assert.equal(added[0].hash, stored.attachments[0].sha256, 'the bytes of the attachment');
    assert.equal(added[0].fullSize, stored.attachments[0].size);
    assert.equal(added[0].title, 'CONTRACT-2025-0417 – contract.pdf');
    assert.equal(added[0].name, 'contract.pdf');
    assert.equal((input.asked[0].options as InputBoxOptions).value, 'CONTRACT-2025-0417 – contract.pdf', 'one input box, the title by default');
    assert.ok(input.asked.some((a) => a.method === 'info' && a.text === 'Archived "CONTRACT-2025-0417 – contract.pdf".'), 'said without the new file\'s id: it is selected in the Archive view');
    await selectedInArchive(added[0].id);
  });

  it('from the palette: a submission, then its attachment; the title as edited', async () => {
    const { stored } = await submissionWith('NDA-77');
    const before = await archiveIds();
    const { input } = await withAnswers(['NDA-77', 'nda.pdf', 'Signed NDA'], () => vscode.commands.executeCommand('dsas.archiveAttachment'));
    assert.deepEqual(input.asked.slice(0, 2).map((a) => a.text), ['Submissions Submission with the attachment to archive', 'Archive This Attachment Attachment to archive']);
    const added = await newArchives(before);
    assert.deepEqual(added.map((a) => [a.title, a.name, a.hash]), [['Signed NDA', 'nda.pdf', stored.attachments[0].sha256]]);
  });

  it('the PDF viewer\'s Archive… (Enter on the button) archives the summary it shows', async function () {
    if (!process.env.DSAS_WORKBENCH_URL) this.skip(); // pressing the page's button needs the offline runner's browser
    const { node } = await submissionWith('NDA-77');
    await vscode.commands.executeCommand('dsas.showSummary', node);
    await pdfView(); // drawn, with its toolbar
    const before = await archiveIds();
    const title = `From the viewer ${Date.now()}`;
    const { input } = await withAnswers([title], async () => {
      await webviewKeys('Save PDF…', [{ focus: 'Archive…' }, { press: 'Enter' }]);
      await waitFor('the summary archived', async () => (await newArchives(before)).length > 0, 20_000);
    });
    assert.equal((input.asked[0].options as InputBoxOptions).value, 'NDA-77 – summary', 'the title asked, from the submission');
    const added = await newArchives(before);
    assert.deepEqual(added.map((a) => [a.title, a.name.endsWith('.pdf')]), [[title, true]]);
    await selectedInArchive(added[0].id); // the command is done
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a submission row: the archive holds its summary PDF, titled "<form reference> – summary"', async () => {
    const { stored, node } = await submissionWith('Übersicht – 2024');
    const before = await archiveIds();
    const { input } = await withAnswers([acceptDefault], () => vscode.commands.executeCommand('dsas.archiveSummary', node));
    assert.equal(input.asked[0].text, 'Archive the summary PDF of "Übersicht – 2024" Title in the archive', 'the question names the submission');
    const added = await newArchives(before);
    assert.equal(added.length, 1);
    const summary = await toBuffer((await (await api()).deps.session.client.openSummary(stored.id)).stream);
    assert.equal(added[0].hash, sha256(summary), 'the bytes of the summary PDF');
    assert.equal(added[0].title, 'Übersicht – 2024 – summary');
    assert.equal(added[0].name, 'Übersicht – 2024 – summary.pdf', 'the file name too, without the id');
    await selectedInArchive(added[0].id);
  });

  it('Cancel once the file has gone out: the archive is checked, says it arrived, and selects it', async function () {
    if (!process.env.DSAS_CANCEL_PROGRESS_URL) this.skip();
    const { attachment } = await submissionWith('NDA-77');
    const title = `Archived, then cancelled ${Date.now()}`;
    // The service stores the file, then answers one byte a second.
    await control('/faults', 'POST', { method: 'PUT', path: '^/archives$', kind: 'slowBody', ms: 1000, chunkBytes: 1 });
    const archiving = withAnswers([title], () => vscode.commands.executeCommand('dsas.archiveAttachment', attachment(0)));
    await waitFor('the service to store it', async () => (await sandboxState()).archives.some((a) => a.title === title));
    await pressCancelOnProgress('Archiving "nda.pdf"');
    const { input } = await archiving;
    const stored = (await sandboxState()).archives.filter((a) => a.title === title);
    assert.equal(stored.length, 1, 'sent once');
    const told = input.asked.filter((a) => ['info', 'warn', 'error'].includes(a.method));
    assert.deepEqual(told.map((t) => [t.method, t.text]), [['info', `Cancelled after everything had been sent. The archive received "${title}": it is file ${stored[0].id}, new since sending, with this file's name, size and hash. Do not upload it again.`]]);
    await selectedInArchive(stored[0].id);
  });

  it('Cancel while the file goes up: nothing archived, nothing left, nothing said', async function () {
    if (!process.env.DSAS_CANCEL_PROGRESS_URL) this.skip();
    this.timeout(60_000);
    // Large enough that the upload cannot fit in the connection's buffers while the service waits.
    const big = workspaceFile('archive-from-submission/big.bin', binaryBytes(32 * 1024 * 1024, 9));
    const created = await (await api()).deps.session.client.createSubmission({
      formReference: `BIG-${Date.now()}`, recipients: [{ firstName: 'Big', lastName: 'File', email: 'big@example.com' }], documents: [{ path: big.fsPath }],
    });
    const s = (await sandboxState()).submissions.find((x) => x.id === created.id)!;
    const node: AttachmentNode = { kind: 'attachment', submission: await submissionNode(s.id), attachment: s.attachments[0] };
    const before = await archiveIds();
    // The service holds the upload until Cancel was pressed, then lets it go.
    await control('/faults', 'POST', { method: 'PUT', path: '^/archives$', kind: 'delay', ms: 30_000 });
    const mark = await logMark();
    const archiving = withAnswers([acceptDefault], () => vscode.commands.executeCommand('dsas.archiveAttachment', node));
    // The list read just before the upload: from then on the upload waits on the service.
    await waitFor('the upload to start', async () => (await serviceRequests(mark)).some((r) => r.method === 'GET' && /\/archives$/.test(r.path)), 30_000);
    await pressCancelOnProgress('Archiving "big.bin"');
    const { input } = await archiving;
    assert.deepEqual(input.asked.filter((a) => ['info', 'warn', 'error'].includes(a.method)).map((a) => a.text), []);
    await control('/faults/release', 'POST');
    await waitFor('the service to finish with the request', async () => (await serviceRequests(mark)).some((r) => r.method === 'PUT'), 15_000);
    assert.deepEqual(await newArchives(before), []);
  });
});

describe('archive files as documents of a new submission (through temporary files)', () => {
  const first = binaryBytes(150_000, 5);
  const second = binaryBytes(90_000, 6);
  let deps: ArchiveDocumentDeps;
  let ids: string[];
  let tmpBefore: string[];

  before(async () => {
    await signIn();
    const a = await api();
    deps = { client: a.deps.session.client, log: a.deps.log };
    const stamp = Date.now();
    ids = [];
    for (const [name, bytes] of [['report 2025.pdf', first], ['annex.bin', second]] as const) {
      const uri = workspaceFile(`as-documents/${name}`, bytes);
      ids.push((await deps.client.uploadArchiveFile({ path: uri.fsPath, title: `As a document ${stamp} ${name}` })).id);
    }
  });
  beforeEach(() => {
    tmpBefore = transferFolders();
  });
  afterEach(async () => {
    await control('/faults', 'DELETE');
    assert.deepEqual(transferFolders(), tmpBefore, 'no temporary file is left');
  });

  const items = async () => {
    const list = await deps.client.listArchive();
    return ids.map((id) => list.find((f) => f.id === id)!);
  };

  it('each file under its own name with the same bytes, checked as a workspace file; dispose removes them', async () => {
    const { documents, dispose } = await archiveFilesAsDocuments(deps, await items(), new AbortController().signal);
    assert.deepEqual(documents.map((d) => d.name), ['report 2025.pdf', 'annex.bin']);
    assert.deepEqual(documents.map((d) => d.size), [first.length, second.length]);
    assert.equal(sha256(readFileSync(documents[0].path)), sha256(first));
    assert.equal(sha256(readFileSync(documents[1].path)), sha256(second));
    assert.equal(documents[0].uri.fsPath, documents[0].path);
    assert.equal(documents[0].file.size, first.length);
    assert.equal(transferFolders().length, tmpBefore.length + 1, 'one private folder while they are in use');
    await dispose();
    await dispose(); // twice is harmless
    assert.ok(documents.every((d) => !existsSync(d.path)));
  });

  it('a file whose bytes differ from the hash the archive recorded is refused', async () => {
    await control('/archive-hash', 'POST', { id: ids[1], hash: sha256('other content') });
    try {
      await assert.rejects(archiveFilesAsDocuments(deps, await items(), new AbortController().signal),
        (e: Error) => /^"annex\.bin" as downloaded differs from what the archive recorded \(its SHA-256 is /.test(e.message));
    } finally {
      await control('/archive-hash', 'POST', { id: ids[1], hash: sha256(second) });
    }
  });

  it('a failure after the first file (the second is gone) leaves nothing', async () => {
    const [a] = await items();
    await assert.rejects(archiveFilesAsDocuments(deps, [a, { id: '999999999', name: 'gone.txt', title: 'Gone' }], new AbortController().signal),
      (e: unknown) => kindOf(e) === 'notFound');
  });

  it('a cancel in the middle of a download leaves nothing', async () => {
    // Slow answers, so that the cancel lands while bytes are arriving.
    await control('/faults', 'POST', { method: 'GET', path: '^/archives/[^/]+/', kind: 'slowBody', ms: 50, chunkBytes: 4096, times: 2 });
    const ac = new AbortController();
    await assert.rejects(archiveFilesAsDocuments(deps, await items(), ac.signal, (done) => {
      if (done > 0) ac.abort();
    }), (e: unknown) => kindOf(e) === 'cancelled');
  });

  it('a signal already cancelled creates nothing', async () => {
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(archiveFilesAsDocuments(deps, await items(), ac.signal), (e: unknown) => kindOf(e) === 'cancelled');
  });
});
