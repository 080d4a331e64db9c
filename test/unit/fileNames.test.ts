import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { fileNameFromContentDisposition, safeFileName } from '../../src/core/fileNames';
import { tried } from '../reliability/tally';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('safeFileName', () => {
  it('keeps an ordinary name unchanged', () => {
    assert.equal(safeFileName('report.pdf'), 'report.pdf');
    assert.equal(safeFileName('Übersicht – 2024.xlsx'), 'Übersicht – 2024.xlsx');
    assert.equal(safeFileName('😀 notes.txt'), '😀 notes.txt');
  });

  it('keeps only the last path component', () => {
    assert.equal(safeFileName('../../.bashrc'), 'bashrc');
    assert.equal(safeFileName('/etc/passwd'), 'passwd');
    assert.equal(safeFileName('C:\\Windows\\x.txt'), 'x.txt');
    assert.equal(safeFileName('..\\..\\boot.ini'), 'boot.ini');
    assert.equal(safeFileName('a/b\\c/d.pdf'), 'd.pdf');
    tried('hostile', 5);
  });

  it('prefixes reserved Windows device names, with or without extension, in any case', () => {
    assert.equal(safeFileName('CON'), '_CON');
    assert.equal(safeFileName('con.txt'), '_con.txt');
    assert.equal(safeFileName('LPT1'), '_LPT1');
    assert.equal(safeFileName('nul.tar.gz'), '_nul.tar.gz');
    assert.equal(safeFileName('Com9.pdf'), '_Com9.pdf');
    assert.equal(safeFileName('console.txt'), 'console.txt');
    assert.equal(safeFileName('CON2'), 'CON2');
    tried('hostile', 5);
  });

  it('prefixes the device names Windows reserves besides: COM and LPT with a superscript digit, CONIN$ and CONOUT$', () => {
    assert.equal(safeFileName('COM¹'), '_COM¹');
    assert.equal(safeFileName('com².txt'), '_com².txt');
    assert.equal(safeFileName('LPT³'), '_LPT³');
    assert.equal(safeFileName('lpt¹.tar.gz'), '_lpt¹.tar.gz');
    assert.equal(safeFileName('CONIN$'), '_CONIN$');
    assert.equal(safeFileName('conout$.log'), '_conout$.log');
    assert.equal(safeFileName('COM\u200B³.pdf'), '_COM³.pdf', 'what is left once an invisible character is removed');
    assert.equal(safeFileName('CONOUT$.'), '_CONOUT$', 'and once a trailing dot is removed');
    assert.equal(safeFileName('COM⁴'), 'COM⁴', 'Windows reserves ¹, ² and ³ only');
    assert.equal(safeFileName('CONIN$2'), 'CONIN$2');
    tried('hostile', 8);
  });

  it('replaces NUL, newlines, other controls, bidi overrides and Windows-reserved characters', () => {
    assert.equal(safeFileName('a\u0000b.txt'), 'a_b.txt');
    assert.equal(safeFileName('line1\nline2\r.txt'), 'line1_line2_.txt');
    assert.equal(safeFileName('tab\there\u007f.txt'), 'tab_here_.txt');
    assert.equal(safeFileName('invoice\u202Efdp.exe'), 'invoice_fdp.exe');
    assert.equal(safeFileName('a<b>c:d"e|f?g*h.txt'), 'a_b_c_d_e_f_g_h.txt');
    assert.equal(safeFileName('\u2066x\u2069\u200F.pdf'), '_x__.pdf');
    tried('hostile', 6);
  });

  it('falls back for names that are empty once cleaned', () => {
    for (const n of ['..', '.', '', '   ', '\t', '../..', '/', '\u202E', '\u0000\u0001', undefined]) {
      assert.equal(safeFileName(n), 'download', JSON.stringify(n));
      tried('hostile');
    }
    assert.equal(safeFileName('..', 'summary-12.pdf'), 'summary-12.pdf');
    assert.equal(safeFileName('', ''), 'download');
  });

  it('removes leading dots and trailing dots and spaces', () => {
    assert.equal(safeFileName('report.pdf...'), 'report.pdf');
    assert.equal(safeFileName('report. . .'), 'report');
    assert.equal(safeFileName('report.pdf   '), 'report.pdf');
    assert.equal(safeFileName('...hidden'), 'hidden');
    assert.equal(safeFileName('  spaced.txt'), 'spaced.txt');
  });

  it('cuts a 10,000-character name to at most 200 UTF-8 bytes and keeps .pdf', () => {
    const out = safeFileName(`${'a'.repeat(10_000)}.pdf`);
    assert.equal(out, `${'a'.repeat(196)}.pdf`);
    assert.equal(bytes(out), 200);
    tried('hostile');
  });

  it('cuts multi-byte names at a character boundary', () => {
    const e = safeFileName(`${'é'.repeat(300)}.pdf`); // 2 bytes each
    assert.equal(e, `${'é'.repeat(98)}.pdf`);
    const emoji = safeFileName(`${'😀'.repeat(100)}x.pdf`); // 4 bytes each, then 1 byte
    assert.ok(bytes(emoji) <= 200);
    assert.equal(emoji, `${'😀'.repeat(49)}.pdf`);
    assert.doesNotMatch(emoji, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/, 'no lone high surrogate');
    const cjk = safeFileName('日'.repeat(100)); // 3 bytes each, no extension
    assert.equal(cjk, '日'.repeat(66));
    assert.equal(Buffer.from(cjk, 'utf8').toString('utf8'), cjk);
  });

  it('does not keep an extension longer than 16 characters when cutting', () => {
    const out = safeFileName(`${'b'.repeat(300)}.${'x'.repeat(20)}`);
    assert.equal(out, 'b'.repeat(200));
  });

  it('never leaves a trailing dot or space where the cut lands', () => {
    // 300 characters without a usable extension: the 200-byte cut lands on the dot or the space.
    assert.equal(safeFileName(`${'a'.repeat(199)}.${'b'.repeat(100)}`), 'a'.repeat(199));
    assert.equal(safeFileName(`${'a'.repeat(199)} ${'b'.repeat(100)}`), 'a'.repeat(199));
    assert.equal(safeFileName(`${'a'.repeat(197)} . .${'b'.repeat(100)}`), 'a'.repeat(197));
    assert.equal(safeFileName(`${'é'.repeat(99)}. ${'b'.repeat(100)}`), 'é'.repeat(99));
    tried('hostile', 4);
  });

  it('removes zero-width and other invisible characters instead of replacing them', () => {
    assert.equal(safeFileName('in\u200Bvoice.pdf'), 'invoice.pdf');
    assert.equal(safeFileName('\uFEFFre\u200Cp\u200Dort\u2060\u2063.pdf'), 'report.pdf');
    assert.equal(safeFileName('soft\u00ADhyphen\u034F\u180E.txt'), 'softhyphen.txt');
    assert.equal(safeFileName('a\uFE0Fb\u{E0041}c\u3164.txt'), 'abc.txt');
    // Removal comes before the other checks: what is left is judged as what it looks like.
    assert.equal(safeFileName('CO\u200BN.txt'), '_CON.txt');
    assert.equal(safeFileName('report.pdf\u200B.\u200B'), 'report.pdf');
    assert.equal(safeFileName('x/..\u200B'), 'download');
    tried('hostile', 7);
  });

  it('keeps the joiners and variation selectors that hold an emoji together', () => {
    assert.equal(safeFileName('👩‍💻 notes.txt'), '👩‍💻 notes.txt');
    assert.equal(safeFileName('❤️‍🔥 👍🏽 ☂️.txt'), '❤️‍🔥 👍🏽 ☂️.txt');
  });

  it('falls back for a name made only of invisible characters', () => {
    assert.equal(safeFileName('\u200B\u200C\u200D\u2060\uFEFF'), 'download');
    assert.equal(safeFileName('\u00AD\u034F', 'summary-12.pdf'), 'summary-12.pdf');
    assert.equal(safeFileName('\u200B.\u200B'), 'download');
    tried('hostile', 3);
  });

  it('normalises to NFC', () => {
    assert.equal(safeFileName('Zoe\u0308.pdf'), 'Zoë.pdf');
    assert.equal(safeFileName('Zoe\u034F\u0308.pdf'), 'Zoë.pdf');
  });
});

describe('fileNameFromContentDisposition', () => {
  it('prefers filename* over filename, wherever it stands', () => {
    assert.equal(fileNameFromContentDisposition(`attachment; filename="rates.pdf"; filename*=UTF-8''%E2%82%AC%20rates.pdf`), '€ rates.pdf');
    assert.equal(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E2%82%AC%20rates.pdf; filename="rates.pdf"`), '€ rates.pdf');
    assert.equal(fileNameFromContentDisposition(`attachment; filename*=utf-8'en'%C3%9Cbersicht.pdf`), 'Übersicht.pdf');
  });

  it('decodes an ISO-8859-1 filename*', () => {
    assert.equal(fileNameFromContentDisposition(`attachment; filename*=iso-8859-1''Zo%EB.pdf`), 'Zoë.pdf');
  });

  it('reads a quoted filename with escapes', () => {
    assert.equal(fileNameFromContentDisposition('attachment; filename="a \\"quoted\\" name.pdf"'), 'a "quoted" name.pdf');
    assert.equal(fileNameFromContentDisposition('attachment; filename="back\\\\slash; semi.pdf"'), 'back\\slash; semi.pdf');
    assert.equal(fileNameFromContentDisposition('inline;filename="x.txt"'), 'x.txt');
  });

  it('reads an unquoted filename', () => {
    assert.equal(fileNameFromContentDisposition('attachment; filename=report.pdf'), 'report.pdf');
    assert.equal(fileNameFromContentDisposition('attachment; filename=report.pdf; size=1234'), 'report.pdf');
    assert.equal(fileNameFromContentDisposition('attachment;FILENAME=Upper.PDF'), 'Upper.PDF');
  });

  it('decodes raw UTF-8 bytes delivered as latin1 text, and leaves real latin1 alone', () => {
    const mangled = Buffer.from('Zoë.pdf').toString('latin1');
    assert.equal(mangled, 'ZoÃ«.pdf');
    assert.equal(fileNameFromContentDisposition(`attachment; filename="${mangled}"`), 'Zoë.pdf');
    const emoji = Buffer.from('😀 – plan.pdf').toString('latin1');
    assert.equal(fileNameFromContentDisposition(`attachment; filename=${emoji}`), '😀 – plan.pdf');
    assert.equal(fileNameFromContentDisposition('attachment; filename="Zo\u00EB.pdf"'), 'Zoë.pdf');
  });

  it('falls back to filename when filename* has malformed percent-encoding', () => {
    assert.equal(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E2%82.pdf; filename="plain.pdf"`), 'plain.pdf');
    assert.equal(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%ZZ.pdf; filename=bare.pdf`), 'bare.pdf');
    assert.equal(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E2%82.pdf`), undefined);
  });

  it('gives undefined when there is no file name', () => {
    assert.equal(fileNameFromContentDisposition(undefined), undefined);
    assert.equal(fileNameFromContentDisposition(''), undefined);
    assert.equal(fileNameFromContentDisposition('attachment'), undefined);
    assert.equal(fileNameFromContentDisposition('inline; name="field"'), undefined);
  });

  it('returns the name unsanitised, for safeFileName to clean', () => {
    const raw = fileNameFromContentDisposition('attachment; filename="../../.bashrc"');
    assert.equal(raw, '../../.bashrc');
    assert.equal(safeFileName(raw), 'bashrc');
  });
});
