// The one-pass XML reader (src/core/xml/parser.ts) against fast-xml-parser,
// which it replaced for speed: the same tree for every well-formed input, a
// refusal for malformed ones, and stricter only where XML itself is.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { MAX_DEPTH, parseXml } from '../../src/core/xml/parser';
import { FIXTURES } from './helpers';

const REPEATED = new Set(['submission', 'recipient', 'attachment', 'historyEvent', 'file', 'tag']);

/** fast-xml-parser as document.ts configured it before. */
const reference = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false, trimValues: true,
  cdataPropName: '#cdata', processEntities: true, htmlEntities: true, isArray: (name) => REPEATED.has(name),
});

/** Keys sorted, processing instructions (which fast-xml-parser kept as `?name` keys) left out. */
function normal(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normal);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v).sort().filter((k) => !k.startsWith('?')).map((k) => [k, normal((v as Record<string, unknown>)[k])]));
  }
  return v;
}

function before(xml: string): unknown {
  if (XMLValidator.validate(xml) !== true) return 'not well-formed';
  return normal(reference.parse(xml));
}

function now(xml: string): unknown {
  const r = parseXml(xml, REPEATED);
  return r.ok ? normal(r.root) : 'not well-formed';
}

const SAME = [
  '<r>x<b/>y</r>', '<r> x <b>1</b> y </r>', '<r> x <!-- c --> y </r>', '<r><![CDATA[a]]><![CDATA[b]]></r>', '<r>t<![CDATA[a]]>u</r>',
  '<r a="1">t</r>', '<r a="1"><![CDATA[c]]></r>', '<r>&amp;&lt;&gt;&quot;&apos;&#65;&#x42;&nbsp;&eacute;&euro;&copy;&foo;</r>',
  '<r a=" &amp;&#65;&nbsp;&foo; "/>', '<r a="&"/>', '<r><b/><b/><c>1</c></r>', '<r><file/></r>', '<r><file>x</file></r>', '<file>x</file>',
  '<?xml version="1.0" encoding="UTF-8"?>\n<r/>', '<r a="x\ny"/>', "<r a='1' b=\"2\"></r>", '<r><a>  </a></r>', '<r><a><![CDATA[  ]]></a></r>',
  '<r><a><![CDATA[]]></a></r>', '<r>&#0;&#1;&#9;&#xD800;&#1114112;&#x10FFFF;&#x;&#;</r>', '<r><a>1</a>text<a>2</a></r>', '<r><a b="1"/><a>2</a></r>',
  '<r>\n  <a>1</a>\n</r>', '<r><a> &lt;b&gt; </a></r>', '<r><a>&#32;x&#32;</a></r>', '<r>a]]>b</r>', '<r a="<"/>', '<!DOCTYPE r><r/>',
  '<!DOCTYPE r [<!ELEMENT r ANY>]><r/>', '<r xmlns:x="u"><x:a>1</x:a></r>', '<r>&lt;![CDATA[x]]&gt;</r>', '<r>&amp;nbsp;</r>', '<r>a\r\nb\rc</r>',
  '<r a="a\r\nb"/>', '<r>&NBSP;&abcdefghijabcdefghij;</r>', '  <r/>  ', '<r></r >', '<r ></r>', '<r/><!-- c -->', '<r><a x="1">t</a></r>',
  '<r><a>t<b/></a></r>', '<r><a><b/>  </a></r>', '<r> <![CDATA[ x ]]> </r>', '<r>a<![CDATA[b]]>c<![CDATA[d]]>e</r>', '<r>\u0001</r>', '<Ã/>',
  '<r.a-b_c:d/>', '<r>😀 Zoë 日本</r>', "<r a='\"'/>", '<r><a>x</a ><a>y</a></r>',
  // Malformed for both.
  '<r>&</r>', '<r>& x</r>', '<r>&amp</r>', '<r>&#12a;</r>', '<r>&abcdefghijabcdefghijk;</r>', '<r a=1/>', '<r a="1" a="2"/>', '<r a="1"b="2"/>',
  '<r a/>', '<r><a></b></r>', '<r>', '<r>1</R>', 'x<r/>', '<1r/>', '< r/>', '<r/ >', '<r><![CDATA[x</r>', '<r><!-- x</r>', '', '   ', '<r a="1></r>',
];

describe('parseXml (the one-pass XML reader)', () => {
  for (const xml of SAME) {
    it(`reads ${JSON.stringify(xml)} as fast-xml-parser did`, () => {
      assert.deepStrictEqual(now(xml), before(xml));
    });
  }

  it('reads every fixture as fast-xml-parser did', () => {
    for (const f of readdirSync(FIXTURES)) {
      const xml = readFileSync(path.join(FIXTURES, f), 'utf8').replace(/^\uFEFF/, '');
      if (/<!ENTITY/.test(xml)) continue; // refused before parsing (document.ts)
      assert.deepStrictEqual(now(xml), before(xml), f);
    }
  });

  it('reads a generated list of 2,000 items as fast-xml-parser did', () => {
    const items = Array.from({ length: 2000 }, (_v, i) => `<submission type="8" broadcast="${i % 2}"><id>${String(i).padStart(6, '0')}</id>`
      + `<form_reference>Form ${i} &amp; more</form_reference><sender><user_fullname>Zoë ${i}</user_fullname></sender>`
      + `<primary_recipient><name>N ${i}</name>${i % 3 ? '' : '<recipient_auth>SMS</recipient_auth>'}</primary_recipient><created>2025-01-01 08:00:00</created></submission>`);
    const xml = `<?xml version="1.0"?><response status="ok"><Submissions>${items.join('\n  ')}</Submissions></response>`;
    assert.deepStrictEqual(now(xml), before(xml));
  });

  it('is stricter where XML is: one root, nothing after it, the declaration only first', () => {
    for (const xml of ['<r/><s/>', '<r/>x', '<r>x</r><?xml version="1.0"?>', '<r><![CDTA[x]]></r>']) {
      assert.notEqual(before(xml), 'not well-formed', xml);
      assert.equal(now(xml), 'not well-formed', xml);
    }
  });

  it('keeps element names of Object.prototype as own values, changing no prototype', () => {
    const r = parseXml('<r><__proto__>1</__proto__><constructor>2</constructor><toString>3</toString><toString>4</toString></r>', REPEATED);
    assert.ok(r.ok);
    const root = r.root.r as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(root), Object.prototype);
    assert.deepStrictEqual(Object.keys(root), ['__proto__', 'constructor', 'toString']);
    assert.equal(Object.getOwnPropertyDescriptor(root, '__proto__')?.value, '1');
    assert.equal(root.constructor, '2');
    assert.deepStrictEqual(root.toString, ['3', '4']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('refuses nesting deeper than the limit, with a line number', () => {
    const deep = `${'<a>'.repeat(MAX_DEPTH + 1)}${'</a>'.repeat(MAX_DEPTH + 1)}`;
    const r = parseXml(deep, REPEATED);
    assert.equal(r.ok, false);
    assert.ok(parseXml(`${'<a>'.repeat(MAX_DEPTH)}${'</a>'.repeat(MAX_DEPTH)}`, REPEATED).ok);
    const bad = parseXml('<r>\n<a>\n</b>\n</r>', REPEATED);
    assert.deepStrictEqual(bad.ok ? undefined : bad.line, 3);
  });
});
