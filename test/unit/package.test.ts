import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { create } from 'xmlbuilder2';
import { buildPackage, cdata } from '../../src/core/xml/package';
import { DEFAULT_PACKAGE, type SubmissionPackage } from '../../src/core/xml/packageFields';
import { tried } from '../reliability/tally';

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true, cdataPropName: '#cdata' });

type Node = Record<string, unknown>;

/** The text of a CDATA-carrying element: its CDATA sections joined in order. */
function cdataText(el: unknown): string {
  if (el === '') return '';
  const c = (el as Node)['#cdata'];
  if (c === undefined) return '';
  return Array.isArray(c) ? c.join('') : String(c);
}

/** A parsed element that may repeat, as an array (the parser gives a lone child as an object). */
function list(v: unknown): Node[] {
  return (Array.isArray(v) ? v : [v]) as Node[];
}

function parsed(xml: string): Node {
  assert.equal(XMLValidator.validate(xml), true, `not well-formed: ${xml}`);
  return (parser.parse(xml) as Node).submission as Node;
}

const base: SubmissionPackage = {
  formReference: 'REF-1',
  recipients: [{ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' }],
  coverNote: 'Hello',
  data: 'x=1',
  attachmentNames: ['a.pdf'],
};

describe('buildPackage (2.5)', () => {
  it('produces the exact XML for a known package', () => {
    const xml = buildPackage({
      formReference: 'REF-2026/0042',
      recipients: [
        { firstName: 'Bob', lastName: "O'Brien", email: 'bob@example.org', auth: { method: 'SMS', number: '+420777123456' } },
        { firstName: 'Carla', lastName: 'Rossi', email: 'carla@example.it' },
        { firstName: 'Dan', lastName: 'Brown', email: 'dan@example.com', type: 'COPIED' },
      ],
      coverNote: 'Please sign.',
      data: '{"k":1}',
      attachmentNames: ['contract.pdf', 'Übersicht – 2024.xlsx'],
    });
    assert.equal(xml,
      '<?xml version="1.0" encoding="UTF-8"?>' +
      '<submission type="8" broadcast="0">' +
      '<form_reference>REF-2026/0042</form_reference>' +
      '<transparency>0</transparency>' +
      '<confirm_intent>0</confirm_intent>' +
      '<recipients>' +
      '<recipient type="PRIMARY"><first_name>Bob</first_name><last_name>O\'Brien</last_name><email_address>bob@example.org</email_address>' +
      '<recipient_auth>SMS</recipient_auth><recipient_auth_number>+420777123456</recipient_auth_number></recipient>' +
      '<recipient type="REGULAR"><first_name>Carla</first_name><last_name>Rossi</last_name><email_address>carla@example.it</email_address></recipient>' +
      '<recipient type="COPIED"><first_name>Dan</first_name><last_name>Brown</last_name><email_address>dan@example.com</email_address></recipient>' +
      '</recipients>' +
      '<cover_note><![CDATA[Please sign.]]></cover_note>' +
      '<data><![CDATA[{"k":1}]]></data>' +
      '<attachments><attachment name="contract.pdf"/><attachment name="Übersicht – 2024.xlsx"/></attachments>' +
      '</submission>');
  });

  it('uses the documented defaults', () => {
    assert.deepStrictEqual(DEFAULT_PACKAGE, { submissionType: '8', broadcast: '0', transparency: '0', confirmIntent: '0', recipientType: 'REGULAR' });
    const s = parsed(buildPackage({ ...base, recipients: [...base.recipients, { firstName: 'B', lastName: 'C', email: 'b@c.de' }, { firstName: 'D', lastName: 'E', email: 'd@e.de' }] }));
    assert.equal(s['@_type'], '8');
    assert.equal(s['@_broadcast'], '0');
    assert.equal(s.transparency, '0');
    assert.equal(s.confirm_intent, '0');
    const recipients = list((s.recipients as Node).recipient);
    assert.deepStrictEqual(recipients.map((r) => r['@_type']), ['PRIMARY', 'REGULAR', 'REGULAR']);
    assert.equal('recipient_auth' in recipients[0], false);
  });

  it('applies client defaults and per-package overrides, package first', () => {
    const clientDefaults = { ...DEFAULT_PACKAGE, broadcast: '1', recipientType: 'COPIED', transparency: '2' };
    const xml = buildPackage({
      ...base,
      recipients: [
        { firstName: 'A', lastName: 'B', email: 'a@b.de', type: 'REGULAR' },
        { firstName: 'C', lastName: 'D', email: 'c@d.de' },
      ],
      options: { submissionType: '9', confirmIntent: '1' },
    }, clientDefaults);
    const s = parsed(xml);
    assert.equal(s['@_type'], '9');
    assert.equal(s['@_broadcast'], '1');
    assert.equal(s.transparency, '2');
    assert.equal(s.confirm_intent, '1');
    assert.deepStrictEqual(list((s.recipients as Node).recipient).map((r) => r['@_type']), ['REGULAR', 'COPIED']);
  });

  it('escapes <, & and " in names, e-mails, the form reference and attachment names', () => {
    const xml = buildPackage({
      formReference: 'R<&">1',
      recipients: [{ firstName: 'A<b>', lastName: 'Smith & "Sons"', email: 'x&y@example.com', auth: { method: '<m>', number: '1&2' } }],
      coverNote: '',
      data: '',
      attachmentNames: ['a"b&c<d>.pdf'],
    });
    assert.ok(xml.includes('<form_reference>R&lt;&amp;"&gt;1</form_reference>'), xml);
    assert.ok(xml.includes('<first_name>A&lt;b&gt;</first_name>'), xml);
    assert.ok(xml.includes('<last_name>Smith &amp; "Sons"</last_name>'), xml);
    assert.ok(xml.includes('<email_address>x&amp;y@example.com</email_address>'), xml);
    assert.ok(xml.includes('<recipient_auth>&lt;m&gt;</recipient_auth><recipient_auth_number>1&amp;2</recipient_auth_number>'), xml);
    assert.ok(xml.includes('<attachment name="a&quot;b&amp;c&lt;d&gt;.pdf"/>'), xml);
    const s = parsed(xml);
    const r = list((s.recipients as Node).recipient)[0];
    assert.equal(s.form_reference, 'R<&">1');
    assert.equal(r.first_name, 'A<b>');
    assert.equal(r.last_name, 'Smith & "Sons"');
    assert.equal(r.email_address, 'x&y@example.com');
    assert.equal(r.recipient_auth, '<m>');
    assert.equal(r.recipient_auth_number, '1&2');
    assert.equal(list((s.attachments as Node).attachment)[0]['@_name'], 'a"b&c<d>.pdf');
    tried('hostile', 7);
  });

  const tricky: [string, string][] = [
    ['"]]>"', ']]>'],
    ['"]]]>"', ']]]>'],
    ['"]]>]]>"', ']]>]]>'],
    ['text ending in "]]"', 'the end]]'],
    ['text ending in "]"', 'the end]'],
    ['text starting with ">"', '>start'],
    ['a CDATA opener and closer', 'x <![CDATA[ y ]]> z'],
    ['< and &', 'a < b && c > d &amp; <tag/>'],
    ['multi-line text with indentation and spaces at the ends', '  line one\n\tline two\n\n  line four  '],
    ['non-BMP characters', '😀 𝄞 日本 Zoë ]]>😀'],
    ['only whitespace', '   \n  '],
  ];
  for (const [label, value] of tricky) {
    it(`round-trips ${label} in the cover note and data`, () => {
      const xml = buildPackage({ ...base, coverNote: value, data: `${value}|${value}` });
      const s = parsed(xml);
      assert.equal(cdataText(s.cover_note), value);
      assert.equal(cdataText(s.data), `${value}|${value}`);
      tried('hostile');
    });
  }

  it('writes "]]>" as two adjacent CDATA sections', () => {
    const xml = buildPackage({ ...base, coverNote: 'a]]>b', data: ']]>' });
    assert.ok(xml.includes('<cover_note><![CDATA[a]]]]><![CDATA[>b]]></cover_note>'), xml);
    assert.ok(xml.includes('<data><![CDATA[]]]]><![CDATA[>]]></data>'), xml);
  });

  it('writes an empty cover note and data as empty elements', () => {
    const xml = buildPackage({ ...base, coverNote: '', data: '' });
    const s = parsed(xml);
    assert.equal(cdataText(s.cover_note), '');
    assert.equal(cdataText(s.data), '');
    assert.match(xml, /<cover_note>(<!\[CDATA\[\]\]>)?<\/cover_note><data>(<!\[CDATA\[\]\]>)?<\/data>/);
  });

  it('escapes every "&", also one that reads like a reference, so the text arrives as typed', () => {
    const xml = buildPackage({ ...base, formReference: 'AT&T; &amp; &#65;', attachmentNames: ['R&amp;D.pdf'] });
    assert.ok(xml.includes('<form_reference>AT&amp;T; &amp;amp; &amp;#65;</form_reference>'), xml);
    const s = parsed(xml);
    assert.equal(s.form_reference, 'AT&T; &amp; &#65;');
    assert.equal(list((s.attachments as Node).attachment)[0]['@_name'], 'R&amp;D.pdf');
    tried('hostile', 2);
  });

  it('lists attachments in order, with an empty list when there are none', () => {
    const many = parsed(buildPackage({ ...base, attachmentNames: ['1.pdf', '2.txt', '3 – drei.docx'] }));
    assert.deepStrictEqual(list((many.attachments as Node).attachment).map((a) => a['@_name']), ['1.pdf', '2.txt', '3 – drei.docx']);
    assert.ok(buildPackage({ ...base, attachmentNames: [] }).includes('<attachments/>'));
  });
});

describe('cdata()', () => {
  const render = (value: string) => {
    const root = create().ele('x');
    cdata(root, value);
    return root.end({ headless: true });
  };

  it('splits at every "]]>"', () => {
    assert.equal(render('plain'), '<x><![CDATA[plain]]></x>');
    assert.equal(render(']]>'), '<x><![CDATA[]]]]><![CDATA[>]]></x>');
    assert.equal(render('a]]>b]]>c'), '<x><![CDATA[a]]]]><![CDATA[>b]]]]><![CDATA[>c]]></x>');
    assert.equal(render('a]]'), '<x><![CDATA[a]]]]></x>');
  });
});
