import * as assert from 'node:assert/strict';
import { MAX_LINE_LENGTH, MAX_RECIPIENTS, MAX_TEXT_LENGTH } from '../../src/core/validate';
import { isComposerForm, isFromComposer, isToComposer, type ComposerForm } from '../../src/shared/composerProtocol';
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

  it('says under each field what is longer than the client sends, and under Recipients when there are more than it sends', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...valid.recipients[0], email: `r${i}@example.org` }));
    assert.deepEqual(keys({ ...valid, data: 'x'.repeat(MAX_TEXT_LENGTH), coverNote: 'y'.repeat(MAX_TEXT_LENGTH), formReference: 'R'.repeat(MAX_LINE_LENGTH), recipients: many(MAX_RECIPIENTS) }), [], 'at the limits');
    const over = formProblems({
      ...valid, data: 'x'.repeat(MAX_TEXT_LENGTH + 1), formReference: 'R'.repeat(MAX_LINE_LENGTH + 1),
      recipients: [{ ...valid.recipients[0], nameMode: 'split', firstName: 'F'.repeat(MAX_LINE_LENGTH + 1), lastName: 'Lee' }, ...many(MAX_RECIPIENTS)],
      advanced: { ...valid.advanced, transparency: 't'.repeat(MAX_LINE_LENGTH + 1) },
    }, () => undefined);
    assert.deepEqual(Object.fromEntries(over), {
      data: { code: 'tooLong', limit: MAX_TEXT_LENGTH, count: MAX_TEXT_LENGTH + 1 },
      formReference: { code: 'tooLong', limit: MAX_LINE_LENGTH, count: MAX_LINE_LENGTH + 1 },
      'recipients.0.firstName': { code: 'tooLong', limit: MAX_LINE_LENGTH, count: MAX_LINE_LENGTH + 1 },
      'advanced.transparency': { code: 'tooLong', limit: MAX_LINE_LENGTH, count: MAX_LINE_LENGTH + 1 },
      recipients: { problem: { code: 'tooMany', field: 'recipients', limit: MAX_RECIPIENTS, count: MAX_RECIPIENTS + 1 } },
    });
  });

  it('its message checks take every form the rules accept, and larger ones too, so that every form is answered', () => {
    const row = (i: number) => ({ ...valid.recipients[0], email: `r${i}@example.org` });
    const largest: ComposerForm = {
      ...valid, data: 'x'.repeat(MAX_TEXT_LENGTH), coverNote: 'y'.repeat(MAX_TEXT_LENGTH), formReference: 'R'.repeat(MAX_LINE_LENGTH),
      recipients: Array.from({ length: MAX_RECIPIENTS }, (_, i) => row(i)),
      documents: Array.from({ length: 5000 }, (_, i) => ({ ...doc, path: `/tmp/${i}.txt`, name: `${i}.txt` })),
    };
    const beyond: ComposerForm = { ...largest, data: `${largest.data}x`, recipients: [...largest.recipients, row(MAX_RECIPIENTS)] };
    for (const [what, form] of [['at the limits', largest], ['beyond them', beyond]] as const) {
      assert.ok(isFromComposer({ type: 'changed', form }), `a change ${what} is answered`);
      assert.ok(isFromComposer({ type: 'send', form }), `Send ${what} is answered`);
      assert.ok(isComposerForm(form), `a draft ${what} can be read back`);
      assert.ok(isToComposer({ type: 'form', draftId: 'd', form, problems: {}, to: 'ann at example.org', recentRecipients: [], defaults: valid.advanced, defaultType: 'REGULAR' }), `the page takes a form ${what}`);
    }
    assert.ok(isFromComposer({ type: 'dropped', uris: Array.from({ length: 5000 }, (_, i) => `file:///tmp/${i}.txt`) }), 'a drop of 5,000 files');
  });
});
