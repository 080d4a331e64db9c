// What the composer's messages say about a document: an archive document's
// account, title and hash and, while it has no copy to send, why; a
// workspace document's place in the workspace.
import assert from 'node:assert/strict';
import { isComposerForm, isFromComposer, isToComposer, archiveDocumentKey, type ComposerDocument, type ComposerForm } from '../../src/shared/composerProtocol';

const held: ComposerDocument = {
  path: '', name: 'terms.pdf', size: 37, sizeText: '37 bytes', type: 'application/pdf', archiveId: '201',
  account: JSON.stringify(['https://a.example/v1.1', 'ann']), unavailable: { reason: 'Not available yet: it is fetched once you sign in.', retry: false },
};
const form: ComposerForm = { documents: [held], recipients: [], coverNote: '', data: '', formReference: 'Terms', advanced: { broadcast: '0', transparency: '0', confirmIntent: '0' } };

describe('the composer\'s archive documents in its messages', () => {
  it('carry their account and why they cannot be sent yet; anything else there is refused', () => {
    assert.ok(isComposerForm(form));
    assert.equal(isComposerForm({ ...form, documents: [{ ...held, account: 7 }] }), false);
    assert.equal(isComposerForm({ ...form, documents: [{ ...held, unavailable: { reason: 'x' } }] }), false);
    assert.equal(isComposerForm({ ...form, documents: [{ ...held, unavailable: 'x' }] }), false);
  });

  it('carry their title and the hash the archive recorded, a workspace document where it is in the workspace; other shapes are refused', () => {
    const fetched: ComposerDocument = { ...held, unavailable: undefined, title: 'Terms 2025', hash: { hex: 'ab'.repeat(32), text: 'SHA-256 abababababab…' } };
    const local: ComposerDocument = { path: '/ws/annexes/a.csv', name: 'a.csv', size: 4, sizeText: '4 bytes', type: 'text/csv', location: 'annexes/a.csv' };
    assert.ok(isComposerForm({ ...form, documents: [fetched, local] }));
    assert.equal(isComposerForm({ ...form, documents: [{ ...fetched, hash: 'ab'.repeat(32) }] }), false);
    assert.equal(isComposerForm({ ...form, documents: [{ ...fetched, hash: { hex: 'abab' } }] }), false);
    assert.equal(isComposerForm({ ...form, documents: [{ ...fetched, title: 7 }] }), false);
    assert.equal(isComposerForm({ ...form, documents: [{ ...local, location: ['annexes', 'a.csv'] }] }), false);
  });

  it('the page can ask to discard the draft and to fetch again; the extension can send the documents alone', () => {
    assert.ok(isFromComposer({ type: 'discard' }));
    assert.ok(isFromComposer({ type: 'fetchAgain' }));
    assert.ok(isToComposer({ type: 'documents', documents: [held], problems: { documents: 'Send waits for "terms.pdf".' } }));
    assert.equal(isToComposer({ type: 'documents', documents: [{ ...held, size: -1 }], problems: {} }), false);
  });

  it('one archive file of one account is one key: the same id of another account, or of none recorded, is another', () => {
    const other = { ...held, account: JSON.stringify(['https://b.example/v1.1', 'ann']) };
    const renamed: ComposerDocument = { ...held, name: 'renamed.pdf', path: '/tmp/x/renamed.pdf', unavailable: undefined };
    assert.equal(archiveDocumentKey(renamed), archiveDocumentKey(held));
    assert.notEqual(archiveDocumentKey(other), archiveDocumentKey(held));
    assert.notEqual(archiveDocumentKey({ ...held, account: undefined }), archiveDocumentKey(held));
  });
});
