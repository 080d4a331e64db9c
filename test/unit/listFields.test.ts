import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import type { SubmissionDetail, SubmissionListItem } from '../../src/core/models';
import { ItemFields, ItemShape } from '../../src/core/xml/itemFields';
import { ResponseReader } from '../../src/core/xml/readers';

const read = new ResponseReader();

/** Submissions in shapes a service might send: fields repeated, nested, with attributes, comments, CDATA, or missing. */
const ODD_ITEMS = [
  '<submission type="8" broadcast="1"><id>1</id><id>2</id><form_reference> a <!-- c --> b </form_reference><sender><user_fullname>X</user_fullname></sender><sender><user_fullname>Y</user_fullname></sender></submission>',
  '<submission><id>  3  </id><form_reference><b>inner</b>outer</form_reference><primary_recipient/></submission>',
  '<submission><id>4</id><primary_recipient>text only</primary_recipient><created> 2026-11-22 08:15:00 </created></submission>',
  '<submission><id>5</id><primary_recipient x="1"/><silent>yes</silent><completed>1</completed></submission>',
  '<submission><id>6</id><primary_recipient><recipient_auth/></primary_recipient><primary_recipient><name>second</name></primary_recipient></submission>',
  '<submission><id>7</id><primary_recipient><recipient_auth_number> 12 </recipient_auth_number><name><![CDATA[ spaced ]]></name></primary_recipient></submission>',
  '<submission><id>8</id><sender a="b">loose<user_email>e@x</user_email></sender><md5_id><![CDATA[ab]]>cd<![CDATA[ef]]></md5_id></submission>',
  '<submission type=" 8 "><id><![CDATA[0009]]></id><form_reference>Übersicht – 日本 😀 with a long enough text</form_reference></submission>',
];

function list(items: string[]): string {
  return `<response status="ok"><Submissions>${items.join('')}</Submissions></response>`;
}

/** The fields a list item and a detail both have. */
function base(s: SubmissionListItem | SubmissionDetail): Record<string, unknown> {
  const out: Record<string, unknown> = { ...s };
  for (const only of ['primaryRecipient', 'recipients', 'attachments', 'total']) delete out[only];
  return out;
}

/** What a detail of the same submission says of them. */
function asDetail(item: string): Record<string, unknown> {
  return base(read.submissionDetail(`<response status="ok">${item}</response>`, 'GET /submissions/x'));
}

describe('list items read as they arrive', () => {
  it('have the fields a detail of the same element has, whatever its shape', () => {
    const items = read.submissionList(list(ODD_ITEMS));
    assert.equal(items.length, ODD_ITEMS.length);
    items.forEach((item, i) => assert.deepStrictEqual(base(item), asDetail(ODD_ITEMS[i]), ODD_ITEMS[i]));
  });

  it('read the primary recipient from its first element, with authentication only when it is there', () => {
    const recipients = read.submissionList(list(ODD_ITEMS)).map((s) => s.primaryRecipient);
    assert.deepStrictEqual(recipients, [
      undefined,
      undefined,
      undefined,
      { name: '', email: '', auth: undefined },
      { name: '', email: '', auth: { method: '', number: '' } },
      { name: 'spaced', email: '', auth: { method: '', number: '12' } },
      undefined,
      undefined,
    ]);
  });

  it('refuse a field of another shape rather than give the text of whichever field has its slot', () => {
    const item = new ItemShape(['id', 'title']);
    const other = new ItemShape(['name']);
    const fields = new ItemFields(item);
    fields.begin({});
    fields.open('id', {});
    fields.text('7');
    fields.close();
    assert.equal(fields.str(item.field.id), '7');
    for (const read of [() => fields.str(other.field.name), () => fields.shared(other.field.name), () => fields.raw(other.field.name), () => fields.has(other.field.name), () => fields.isNode(other.field.name), () => fields.time(other.field.name, 'utc')]) {
      assert.throws(read, /another shape/);
    }
  });
});
