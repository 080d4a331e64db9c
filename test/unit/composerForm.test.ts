import * as assert from 'node:assert/strict';
import { isComposerForm, isFromComposer } from '../../src/shared/composerChecks';
import type { ComposerForm } from '../../src/shared/composerMessages';
import { emptyRecipient } from '../../src/shared/composerRecipients';
import { formProblems } from '../../src/ui/composer/formChecks';
import { toNewRecipient } from '../../src/ui/composer/formSubmission';

const doc = { path: '/tmp/a.txt', name: 'a.txt', size: 3, sizeText: '3 bytes', type: 'text/plain' };
const valid: ComposerForm = {
  documents: [doc],
  recipients: [{ ...emptyRecipient('PRIMARY'), name: 'Ada Lovelace', email: 'ada@example.org' }],
  coverNote: 'One.\n\nTwo.', data: '', formReference: 'REF 1',
  advanced: { broadcast: '0', transparency: '0', confirmIntent: '0' },
};
const keys = (f: ComposerForm) => [...formProblems(f, () => undefined).keys()];

describe('the composer\'s form', () => {
  it('accepts a complete form, a multi-line cover note included', () => {
    assert.deepEqual(keys(valid), []);
  });

  it('names each field that breaks a rule, by its key', () => {
    const bad: ComposerForm = {
      ...valid, formReference: 'a\nb', coverNote: 'broken \uD800',
      recipients: [
        { ...valid.recipients[0], name: ' ', email: 'nope' },
        { ...emptyRecipient('COPIED'), nameMode: 'split', firstName: '', lastName: '', email: 'b@example.org', authNumber: '123' },
        { ...emptyRecipient('REGULAR'), name: 'C D', email: 'c@example.org', authMethod: 'SMS' },
      ],
      advanced: { ...valid.advanced, transparency: '' },
    };
    assert.deepEqual(keys(bad).sort(), [
      'advanced.transparency', 'coverNote', 'formReference',
      'recipients.0.email', 'recipients.0.name',
      'recipients.1.authMethod', 'recipients.1.lastName',
      'recipients.2.authNumber',
    ].sort());
  });

  it('says when there is no recipient, and passes on the client\'s document problem', () => {
    const p = formProblems({ ...valid, recipients: [] }, () => ({ code: 'noDocuments', field: 'documents' }));
    assert.deepEqual([...p.keys()].sort(), ['documents', 'recipients']);
  });

  it('sends a full name split, or first and last name as typed, with authentication only when a method is given', () => {
    assert.deepEqual(toNewRecipient({ ...emptyRecipient('COPIED'), name: ' Lovelace, Ada King ', email: ' ada@example.org ' }),
      { firstName: 'Ada King', lastName: 'Lovelace', email: 'ada@example.org', type: 'COPIED', auth: undefined });
    assert.deepEqual(toNewRecipient({ ...emptyRecipient('PRIMARY'), nameMode: 'split', firstName: 'Grace ', lastName: ' Hopper', email: 'g@example.org', authMethod: 'SMS', authNumber: ' 1 ' }),
      { firstName: 'Grace', lastName: 'Hopper', email: 'g@example.org', type: 'PRIMARY', auth: { method: 'SMS', number: '1' } });
  });

  it('its messages are checked: a form with an unknown recipient type or a missing field is refused', () => {
    assert.ok(isComposerForm(valid));
    assert.ok(isFromComposer({ type: 'send', form: valid }));
    assert.equal(isFromComposer({ type: 'send', form: { ...valid, recipients: [{ ...valid.recipients[0], type: 'BCC' }] } }), false);
    assert.equal(isFromComposer({ type: 'send', form: { ...valid, advanced: undefined } }), false);
    assert.equal(isFromComposer({ type: 'dropped', uris: [1] }), false);
    assert.equal(isFromComposer({ type: 'addDocuments', from: 'elsewhere' }), false);
    // A document from the archive keeps its id as text; anything else there is refused.
    const fromArchive = { ...valid.documents[0], archiveId: '0042' };
    assert.ok(isComposerForm({ ...valid, documents: [fromArchive] }));
    assert.equal(isComposerForm({ ...valid, documents: [{ ...fromArchive, archiveId: 42 }] }), false);
  });
});
