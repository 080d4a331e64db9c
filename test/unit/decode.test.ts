import { describe, it } from 'mocha';
import assert from 'node:assert/strict';
import { decodeXml } from '../../src/core/xml/decode';
import { isError } from './helpers';
import { tried } from '../reliability/tally';

const latin1 = (s: string): Buffer => Buffer.from(s, 'latin1');
const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8');
const utf16be = (s: string): Buffer => Buffer.from(s, 'utf16le').swap16();
const BODY = '<response status="ok"><t>Übersicht</t></response>';

describe('decodeXml', () => {
  it('reads UTF-8 when nothing says otherwise', () => {
    assert.equal(decodeXml(utf8(BODY), undefined), BODY);
    assert.equal(decodeXml(utf8(BODY), 'application/xml'), BODY);
    assert.equal(decodeXml(utf8(`<?xml version="1.0"?>${BODY}`), 'text/xml'), `<?xml version="1.0"?>${BODY}`);
  });

  it('honours the encoding the XML declaration names', () => {
    const prolog = '<?xml version="1.0" encoding="ISO-8859-1"?>';
    assert.equal(decodeXml(latin1(prolog + BODY), undefined), prolog + BODY);
    assert.equal(decodeXml(latin1(prolog + BODY), 'application/xml'), prolog + BODY);
    const cp1252 = Buffer.concat([latin1("<?xml version='1.0' encoding='windows-1252' ?><t>"), Buffer.from([0x80, 0x93, 0x94]), latin1('</t>')]);
    assert.equal(decodeXml(cp1252, undefined), "<?xml version='1.0' encoding='windows-1252' ?><t>€“”</t>");
    const latin9 = Buffer.concat([latin1('<?xml version="1.0" encoding="iso-8859-15"?><t>'), Buffer.from([0xa4]), latin1('</t>')]);
    assert.equal(decodeXml(latin9, undefined), '<?xml version="1.0" encoding="iso-8859-15"?><t>€</t>');
  });

  it('lets the charset of an XML media type win over the declaration', () => {
    const lying = latin1(`<?xml version="1.0" encoding="UTF-8"?>${BODY}`);
    assert.equal(decodeXml(lying, 'application/xml; charset=ISO-8859-1'), `<?xml version="1.0" encoding="UTF-8"?>${BODY}`);
    assert.equal(decodeXml(latin1(BODY), 'text/xml;charset="windows-1252"'), BODY);
    assert.equal(decodeXml(latin1(BODY), 'Application/Atom+XML; type=feed; Charset=latin1'), BODY);
  });

  it('lets the declaration win over the charset of another media type, which is then the fallback', () => {
    const prolog = '<?xml version="1.0" encoding="ISO-8859-1"?>';
    // Servers add a configured default charset to whatever they send; the document knows better.
    assert.equal(decodeXml(latin1(prolog + BODY), 'text/html; charset=UTF-8'), prolog + BODY);
    assert.equal(decodeXml(latin1('<p>Übersicht</p>'), 'text/html; charset=iso-8859-1'), '<p>Übersicht</p>');
  });

  it('lets a byte order mark win over everything', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(`<?xml version="1.0" encoding="ISO-8859-1"?>${BODY}`)]);
    assert.equal(decodeXml(withBom, 'application/xml; charset=iso-8859-1'), `<?xml version="1.0" encoding="ISO-8859-1"?>${BODY}`);
    assert.equal(decodeXml(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(BODY, 'utf16le')]), 'application/xml; charset=utf-8'), BODY);
    assert.equal(decodeXml(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(BODY)]), undefined), BODY);
  });

  it('recognises UTF-16 without a byte order mark by its first character, and ignores a UTF-16 declaration in single-byte text', () => {
    assert.equal(decodeXml(Buffer.from(BODY, 'utf16le'), undefined), BODY);
    assert.equal(decodeXml(utf16be(BODY), undefined), BODY);
    const declared = `<?xml version="1.0" encoding="UTF-16"?>${BODY}`;
    assert.equal(decodeXml(utf8(declared), undefined), declared);
  });

  it('refuses an encoding it cannot read, naming it, bounded', () => {
    assert.throws(() => decodeXml(latin1(`<?xml version="1.0" encoding="x-klingon"?>${BODY}`), undefined),
      isError('badResponse', 'The service sent its response in an encoding this client cannot read: "x-klingon".'));
    assert.throws(() => decodeXml(utf8(BODY), 'application/xml; charset=UTF-32'),
      isError('badResponse', 'The service sent its response in an encoding this client cannot read: "UTF-32".'));
    // WHATWG maps these labels to a decoder that turns the whole body into one U+FFFD.
    assert.throws(() => decodeXml(utf8(BODY), 'text/xml; charset=iso-2022-kr'), isError('badResponse', /"iso-2022-kr"/));
    assert.throws(() => decodeXml(utf8(BODY), `application/xml; charset=${'x'.repeat(5000)}`), (e: unknown) => {
      isError('badResponse', /^The service sent its response in an encoding this client cannot read: "x+…"\.$/)(e);
      assert.ok((e as Error).message.length < 300, 'bounded');
      return true;
    });
    tried('hostile', 4);
  });

  it('still replaces bytes that are not UTF-8 instead of failing', () => {
    assert.equal(decodeXml(Buffer.concat([latin1('<t>'), Buffer.from([0xdc]), latin1('</t>')]), undefined), '<t>\uFFFD</t>');
  });
});
