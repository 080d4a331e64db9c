import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ServiceError } from '../../src/core/errors';
import { checkFile, isProblem, sourceFile } from '../../src/core/localFile';
import { problemMessage, type Problem } from '../../src/core/problems';
import { checkText, documentNamesProblem, emptyFilesProblem, HEADER_VALUE, MAX_LINE_LENGTH, MAX_RECIPIENTS, MAX_TEXT_LENGTH, PACKAGE_LINE, PACKAGE_TEXT, recipientsProblem, textProblem } from '../../src/core/validate';
import { fieldProblem as answerProblem } from '../../src/ui/composer/formChecks';
import { tempDir } from './helpers';

describe('validators', () => {
  describe('textProblem', () => {
    it('finds a blank required value', () => {
      for (const v of ['', ' ', '\t ']) assert.equal(textProblem(v, HEADER_VALUE), 'empty', JSON.stringify(v));
      assert.equal(textProblem('', PACKAGE_LINE), undefined, 'blank is fine where nothing is required');
    });

    it('finds line breaks and other controls in a single-line value', () => {
      for (const v of ['a\nb', 'a\r', 'a\u0000', 'a\tb', 'a\u007F', 'a\u0085', 'a\u2028b', 'a\u2029']) {
        assert.equal(textProblem(v, HEADER_VALUE), 'controlCharacter', JSON.stringify(v));
        assert.equal(textProblem(v, PACKAGE_LINE), 'controlCharacter', JSON.stringify(v));
      }
    });

    it('finds what XML cannot carry, lone surrogates included, and lets line breaks and pairs through', () => {
      for (const v of ['a\u0001', '\u001F', '\uFFFE', '\uFFFF', 'broken \uD800 surrogate', '\uDC00 alone', 'end \uD83D']) {
        assert.equal(textProblem(v, PACKAGE_TEXT), 'notXml', JSON.stringify(v));
      }
      for (const v of ['line one\nline two\r\n\ttab', 'emoji 😀', 'Übersicht – «final» 日本', '']) {
        assert.equal(textProblem(v, PACKAGE_TEXT), undefined, JSON.stringify(v));
      }
      assert.equal(textProblem('Ann\uFFFE', PACKAGE_LINE), 'notXml');
      assert.equal(textProblem('a\uFFFE', HEADER_VALUE), undefined, 'header values are not XML');
    });

    it('finds a value longer than the client sends: 1,000 characters on one line, 10,000,000 in the cover note and data', () => {
      assert.equal(MAX_LINE_LENGTH, 1000);
      assert.equal(MAX_TEXT_LENGTH, 10_000_000);
      assert.equal(textProblem('x'.repeat(MAX_LINE_LENGTH), PACKAGE_LINE), undefined, 'at the limit');
      assert.equal(textProblem('x'.repeat(MAX_LINE_LENGTH + 1), PACKAGE_LINE), 'tooLong');
      assert.equal(textProblem('x'.repeat(MAX_LINE_LENGTH + 1), PACKAGE_TEXT), undefined, 'a long line is a short text');
      const text = 'line of text\n'.repeat(MAX_TEXT_LENGTH / 13 + 1).slice(0, MAX_TEXT_LENGTH);
      assert.equal(textProblem(text, PACKAGE_TEXT), undefined, 'at the limit');
      assert.equal(textProblem(`${text}x`, PACKAGE_TEXT), 'tooLong');
      // Length first: a value too long is not searched for control characters.
      assert.equal(textProblem(`${'x'.repeat(MAX_LINE_LENGTH)}\n`, PACKAGE_LINE), 'tooLong');
      assert.equal(textProblem('x'.repeat(MAX_LINE_LENGTH + 1), HEADER_VALUE), undefined, 'header values have no such limit');
    });

    it('checkText throws a value too long with the limit and its length, for the extension to word', () => {
      assert.throws(() => checkText('data', 'x'.repeat(MAX_TEXT_LENGTH + 5), PACKAGE_TEXT), (e: unknown) => {
        assert.ok(e instanceof ServiceError);
        assert.deepEqual(e.problem, { code: 'tooLong', field: 'data', recipient: undefined, limit: MAX_TEXT_LENGTH, count: MAX_TEXT_LENGTH + 5 });
        assert.equal(e.message, 'The data has 10,000,005 characters; at most 10,000,000 can be sent.');
        return true;
      });
    });

    it('checkText throws the problem as data, with its field and recipient', () => {
      assert.throws(() => checkText('lastName', 'Lee\n', PACKAGE_LINE, 2), (e: unknown) => {
        assert.ok(e instanceof ServiceError);
        assert.equal(e.kind, 'invalidRequest');
        assert.deepEqual(e.problem, { code: 'controlCharacter', field: 'lastName', recipient: 2 });
        assert.equal(e.message, "Recipient 2's last name must be a single line without control characters.");
        return true;
      });
      assert.doesNotThrow(() => checkText('title', 'Fine', HEADER_VALUE));
    });
  });

  describe('documentNamesProblem', () => {
    const p = (names: string[], pkg = 'package.xml') => documentNamesProblem(names, pkg);

    it('needs at least one document', () => assert.deepEqual(p([]), { code: 'noDocuments', field: 'documents' }));

    it('finds a blank name and a name with a line break', () => {
      assert.deepEqual(p(['a.pdf', '  ']), { code: 'empty', field: 'documentName', values: [] });
      assert.deepEqual(p(['a\nb.pdf']), { code: 'controlCharacter', field: 'documentName', values: ['a\nb.pdf'] });
    });

    it('lists every name that is not a plain file name', () => {
      assert.deepEqual(p(['sub/a.pdf', 'ok.pdf', 'CON.pdf']), { code: 'notFileName', field: 'documentName', values: ['sub/a.pdf', 'CON.pdf'] });
    });

    it('refuses the package name the client is configured with, in any case', () => {
      assert.deepEqual(p(['Package.XML']), { code: 'reservedName', field: 'documentName', values: ['package.xml'] });
      assert.deepEqual(p(['Manifest.xml'], 'manifest.xml'), { code: 'reservedName', field: 'documentName', values: ['manifest.xml'] });
      assert.equal(p(['package.xml'], 'manifest.xml'), undefined, 'package.xml is an ordinary name when the package is called otherwise');
    });

    it('finds a name taken twice, ignoring case', () => {
      assert.deepEqual(p(['same.txt', 'other.txt', 'Same.txt']), { code: 'duplicateName', field: 'documentName', values: ['Same.txt'] });
      assert.equal(p(['a.pdf', 'b.pdf']), undefined);
    });
  });

  it('recipientsProblem needs one recipient at least and 10,000 at most', () => {
    assert.equal(MAX_RECIPIENTS, 10_000);
    assert.deepEqual(recipientsProblem(0), { code: 'noRecipients', field: 'recipients' });
    assert.equal(recipientsProblem(1), undefined);
    assert.equal(recipientsProblem(MAX_RECIPIENTS), undefined);
    assert.deepEqual(recipientsProblem(MAX_RECIPIENTS + 1), { code: 'tooMany', field: 'recipients', limit: MAX_RECIPIENTS, count: MAX_RECIPIENTS + 1 });
  });

  it('emptyFilesProblem lists the empty files', () => {
    assert.deepEqual(emptyFilesProblem([{ name: 'a', size: 0 }, { name: 'b', size: 1 }, { name: 'c', size: 0 }]), { code: 'emptyFile', field: 'documents', values: ['a', 'c'] });
    assert.equal(emptyFilesProblem([{ name: 'b', size: 1 }]), undefined);
  });

  describe('checkFile', () => {
    it('returns a regular file with its size and time, empty or not', async () => {
      const { dir, cleanup } = tempDir('check');
      try {
        const f = path.join(dir, 'a.txt');
        fs.writeFileSync(f, 'abc');
        const checked = await checkFile(f);
        assert.ok(!isProblem(checked));
        const st = fs.statSync(f);
        assert.deepEqual(checked, { path: f, size: 3, mtimeMs: st.mtimeMs, dev: st.dev, ino: st.ino });
        fs.writeFileSync(path.join(dir, 'empty.txt'), '');
        const empty = await checkFile(path.join(dir, 'empty.txt'));
        assert.ok(!isProblem(empty) && empty.size === 0);
        await assert.rejects(sourceFile({ file: empty }), (e: unknown) => e instanceof ServiceError && e.problem?.code === 'emptyFile');
      } finally {
        cleanup();
      }
    });

    it('says why a path cannot be sent: missing, a folder', async () => {
      const { dir, cleanup } = tempDir('check');
      try {
        assert.deepEqual(await checkFile(path.join(dir, 'missing.pdf')), { code: 'fileUnreadable', field: 'documents', values: ['missing.pdf'], errno: 'ENOENT' });
        assert.deepEqual(await checkFile(dir, 'x.pdf'), { code: 'folder', field: 'documents', values: ['x.pdf'] });
      } finally {
        cleanup();
      }
    });
  });

  it('problemMessage words every code in plain English', () => {
    const cases: [Problem, string][] = [
      [{ code: 'empty', field: 'title' }, 'The title must not be empty.'],
      [{ code: 'controlCharacter', field: 'formReference' }, 'The form reference must be a single line without control characters.'],
      [{ code: 'notXml', field: 'coverNote' }, 'The cover note contains a control character that cannot be sent.'],
      [{ code: 'invalidEmail', field: 'email', recipient: 2, values: ['c@d'] }, 'Recipient 2\'s e-mail address "c@d" is not valid.'],
      [{ code: 'noRecipients', field: 'recipients' }, 'A submission needs at least one recipient.'],
      [{ code: 'noDocuments', field: 'documents' }, 'A submission needs at least one document.'],
      [{ code: 'notFileName', field: 'documentName', values: ['a/b'] }, 'The document name "a/b" cannot be used as a file name.'],
      [{ code: 'notFileName', field: 'documentName', values: ['a/b', 'CON'] }, 'The document names "a/b", "CON" cannot be used as file names.'],
      [{ code: 'duplicateName', field: 'documentName', values: ['A.pdf'] }, 'Two documents are named "A.pdf"; each attachment needs its own name.'],
      [{ code: 'reservedName', field: 'documentName', values: ['package.xml'] }, 'A document may not be named "package.xml": that name is the package\'s.'],
      [{ code: 'invalidIdentifier', field: 'id', values: ['..'] }, '".." is not a valid identifier.'],
      [{ code: 'fileUnreadable', field: 'documents', values: ['a'], errno: 'ENOENT' }, '"a" does not exist.'],
      [{ code: 'fileUnreadable', field: 'documents', values: ['a'], errno: 'EACCES' }, '"a" cannot be read (permission denied).'],
      [{ code: 'fileUnreadable', field: 'documents', values: ['a'], errno: 'EIO' }, '"a" cannot be read (EIO).'],
      [{ code: 'folder', field: 'documents', values: ['a'] }, '"a" is not a file.'],
      [{ code: 'notAFile', field: 'documents', values: ['a'] }, '"a" is not a file.'],
      [{ code: 'emptyFile', field: 'documents', values: ['a'] }, '"a" is empty.'],
      [{ code: 'tooLong', field: 'lastName', recipient: 3, limit: 1000, count: 1234 }, "Recipient 3's last name has 1,234 characters; at most 1,000 can be sent."],
      [{ code: 'tooLong', field: 'packageValue', values: ['transparency'], limit: 1000, count: 1001 }, 'The package value transparency has 1,001 characters; at most 1,000 can be sent.'],
      [{ code: 'tooMany', field: 'recipients', limit: 10_000, count: 12_345 }, 'A submission can have at most 10,000 recipients; this one has 12,345.'],
    ];
    for (const [p, text] of cases) assert.equal(problemMessage(p), text);
  });
});

describe('the New Submission composer accepts what the client accepts', () => {
  it('refuses a lone surrogate in the cover note and the data (the client refuses it)', () => {
    assert.equal(answerProblem('coverNote', 'broken \uD800 surrogate'), 'notXml');
    assert.equal(answerProblem('data', '\uDC00'), 'notXml');
    assert.equal(answerProblem('coverNote', 'two lines\nand 😀'), undefined);
  });

  it('refuses characters XML cannot carry in names, the form reference and authentication', () => {
    for (const field of ['name', 'formReference', 'authMethod', 'authNumber'] as const) {
      assert.equal(answerProblem(field, 'Ann\uFFFE'), 'notXml', field);
      assert.equal(answerProblem(field, 'REF \uD800'), 'notXml', field);
      assert.equal(answerProblem(field, 'a\r\nb'), 'controlCharacter', field);
    }
  });

  it('insists on a name, a form reference and an authentication number; the method is optional', () => {
    for (const field of ['name', 'formReference', 'authNumber'] as const) assert.equal(answerProblem(field, '  '), 'empty', field);
    assert.equal(answerProblem('authMethod', ''), undefined);
  });

  it('refuses what is longer than the client sends, in every text field', () => {
    for (const field of ['name', 'firstName', 'lastName', 'formReference', 'authMethod', 'authNumber', 'advanced'] as const) {
      assert.equal(answerProblem(field, 'x'.repeat(MAX_LINE_LENGTH)), undefined, field);
      assert.equal(answerProblem(field, 'x'.repeat(MAX_LINE_LENGTH + 1)), 'tooLong', field);
    }
    for (const field of ['coverNote', 'data'] as const) {
      assert.equal(answerProblem(field, 'x'.repeat(MAX_TEXT_LENGTH)), undefined, field);
      assert.equal(answerProblem(field, 'x'.repeat(MAX_TEXT_LENGTH + 1)), 'tooLong', field);
    }
    assert.equal(answerProblem('email', `${'x'.repeat(MAX_TEXT_LENGTH)}@example.org`), 'invalidEmail');
  });

  it('checks the e-mail address as the client does', () => {
    assert.equal(answerProblem('email', ' ann@example.com '), undefined);
    for (const v of ['', 'a@b', 'ann@example..com']) assert.equal(answerProblem('email', v), 'invalidEmail', v);
  });
});
