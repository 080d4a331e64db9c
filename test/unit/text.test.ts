import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { bidiVisible } from '../../src/shared/visibleText';
import { fieldsMarkdown, iconsAsText, markdownText, notificationText, oneLine, safeText } from '../../src/ui/text/text';
import { tried } from '../reliability/tally';

describe('text safety (ui/text, shared/visibleText)', () => {
  it('service text is shown safely: invisible characters as escapes, long values cut, markup and links as text', () => {
    assert.equal(safeText('a\u202Eb\u2066c\u200Fd\u0000e\u009Bf\ng'), 'a\\u202Eb\\u2066c\\u200Fd\\u0000e\\u009Bf\\ng');
    assert.equal(safeText('x'.repeat(600)), `${'x'.repeat(500)}…`);
    assert.equal(markdownText('[a](command:x) <b>*i*</b> $(zap) www.x.io'), '\\[a\\]\\(command\\:x\\) &lt;b&gt;\\*i\\*&lt;\\/b&gt; \\$\\(zap\\) www\\.x\\.io');
    assert.ok(!notificationText('see [a](command:dsas.signOut)').includes(']('), 'no link can form in a notification');
    tried('hostile', 4);
  });

  it('safeText escapes separators, the BOM and tabs, counts code points, and gives empty text for nothing', () => {
    assert.equal(safeText('a\u2028b\u2029c\uFEFFd\te\rf\u061Cg\u007Fh'), 'a\\u2028b\\u2029c\\uFEFFd\\te\\rf\\u061Cg\\u007Fh');
    assert.equal(safeText('😀😀😀', 2), '😀😀…', 'an emoji is one character, never cut in half');
    assert.equal(safeText(undefined), '');
    assert.equal(safeText(''), '');
    assert.equal(safeText('plain text, kept as it is'), 'plain text, kept as it is');
  });

  it('oneLine makes one line: breaks and controls become one space, bidi controls go, the ends are trimmed', () => {
    assert.equal(oneLine(' first\r\nsecond\u2028third\u0000\u0085fourth '), 'first second third fourth');
    assert.equal(oneLine('a\u202Eb\u2066c\u2069d\u200Ee\u061Cf'), 'abcdef');
    assert.equal(oneLine('Contract 2025 · [draft](command:x)'), 'Contract 2025 · [draft](command:x)', 'printable text is untouched');
  });

  it('iconsAsText escapes what the workbench would draw as an icon, and nothing else', () => {
    assert.equal(iconsAsText('$(check) Paid $(sync~spin) \\$(x)'), '\\$(check) Paid \\$(sync~spin) \\\\$(x)');
    assert.equal(iconsAsText('costs $(5 or $( or $() or $(a b)'), 'costs $(5 or $( or $() or $(a b)');
  });

  it('notificationText keeps every ]( apart, on top of safeText', () => {
    assert.equal(notificationText('[a](https://x) [b](file:///etc)\u202E'), '[a]\u200B(https://x) [b]\u200B(file:///etc)\\u202E');
    assert.equal(notificationText('x'.repeat(10), 4), 'xxxx…');
  });

  it('fieldsMarkdown: a bold escaped title, one escaped line per non-empty field, an optional note', () => {
    const md = fieldsMarkdown('**T**', [['Name', '<b>x</b>'], ['Empty', ''], ['Blank', '  '], ['Missing', undefined], ['Size', 12]], 'a _note_');
    assert.equal(md, '**\\*\\*T\\*\\***  \nName: &lt;b&gt;x&lt;\\/b&gt;  \nSize: 12\n\n*a \\_note\\_*');
    assert.equal(fieldsMarkdown('T', []), '**T**');
  });

  it('the webview shows bidi controls as escapes and keeps line breaks and other text as they are', () => {
    assert.equal(bidiVisible('a\u202Eb\u2066c\u061Cd\ne\tf<b>'), 'a\\u202Eb\\u2066c\\u061Cd\ne\tf<b>');
    assert.equal(bidiVisible('\u200E\u200F'), '\\u200E\\u200F', 'the global pattern matches again on the next call');
    assert.equal(bidiVisible('\u200E'), '\\u200E');
  });
});
