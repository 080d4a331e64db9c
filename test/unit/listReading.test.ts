import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'mocha';
import { readList, type KnownList, type ListReading } from '../../src/core/listReading';
import type { ArchiveListItem } from '../../src/core/models';
import { boundOnly } from '../../src/core/serviceText';
import { ResponseReader } from '../../src/core/xml/readers';
import { isError } from './helpers';

const reader = new ResponseReader();

/** An archive list of `n` files whose titles are in several scripts. */
function archiveList(n: number, title = (i: number) => `Übersicht – 日本 😀 ${i}`): Buffer {
  const files = Array.from({ length: n }, (_, i) => `<file><id>${i}</id><name>f${i}.pdf</name><title>${title(i)}</title></file>`);
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><response status="ok"><Files>${files.join('\n')}</Files></response>`, 'utf8');
}

/** The body as the network hands it over: in pieces of `size` bytes, all there at once. */
function arriving(bytes: Buffer, size: number): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return Readable.from(pieces, { objectMode: false });
}

function reading(o: Partial<ListReading<ArchiveListItem>> = {}): ListReading<ArchiveListItem> {
  return { operation: 'GET /archives', limit: 1 << 30, quote: boundOnly, reader: () => reader.archiveListReader(), contentType: 'application/xml', ...o };
}

describe('readList', () => {
  it('reads a list cut anywhere, even inside a character, as the whole of it', async () => {
    const body = archiveList(40);
    const whole = reader.archiveList(body.toString('utf8'));
    for (const size of [1, 2, 3, 7, 255, 256, 257, 4096]) {
      const list = await readList(arriving(body, size), reading());
      assert.deepEqual(list.items, whole, `pieces of ${size} bytes`);
    }
  });

  it('reads it in the charset the body declares, whatever the pieces', async () => {
    const body = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><response status="ok"><Files><file><id>1</id><title>\xdcbersicht</title></file></Files></response>', 'latin1');
    const list = await readList(arriving(body, 5), reading());
    assert.equal(list.items[0].title, 'Übersicht');
  });

  it('lets a timer run while a long list that is already all there is read', async () => {
    const body = archiveList(20_000);
    let ran = false;
    setTimeout(() => {
      ran = true;
    }, 0);
    const list = await readList(arriving(body, 64 * 1024), reading());
    assert.equal(list.items.length, 20_000);
    assert.ok(ran, 'the timer ran before the list was read');
  });

  it('gives back the last list itself for the same bytes, and reads anew a body that differs by one byte or in its charset', async () => {
    const body = archiveList(500);
    const first = await readList(arriving(body, 1000), reading());
    const again = await readList(arriving(body, 700), reading({ previous: first, contentLength: body.length }));
    assert.equal(again, first);

    const changed = Buffer.from(body);
    const at = changed.indexOf('f250.pdf');
    changed[at + 1] = '9'.charCodeAt(0); // f950.pdf: one byte, the same length
    const read = await readList(arriving(changed, 700), reading({ previous: first, contentLength: changed.length }));
    assert.notEqual(read, first);
    assert.equal(read.items[250].name, 'f950.pdf');

    const latin1 = await readList(arriving(body, 700), reading({ previous: first, contentType: 'application/xml; charset=ISO-8859-1' }));
    assert.notEqual(latin1, first);
    assert.match(latin1.items[0].title, /^Ã/, 'the UTF-8 bytes read as single-byte text');
  });

  it('reads anew a longer or shorter body, or one cut short of its Content-Length', async () => {
    const first: KnownList<ArchiveListItem> = await readList(arriving(archiveList(10), 100), reading());
    const longer = archiveList(11);
    assert.equal((await readList(arriving(longer, 100), reading({ previous: first }))).items.length, 11);
    const shorter = archiveList(9);
    assert.equal((await readList(arriving(shorter, 100), reading({ previous: first }))).items.length, 9);
    const body = archiveList(10);
    await assert.rejects(readList(arriving(body.subarray(0, 100), 50), reading({ previous: first, contentLength: body.length })),
      isError('network', `The connection closed after 100 of ${body.length} bytes.`));
  });

  it('refuses a list above its limit, also when its Content-Length says so before it comes', async () => {
    const body = archiveList(100);
    const tooLarge = isError('badResponse', "The service's list is larger than the 1 KB limit for lists.");
    await assert.rejects(readList(arriving(body, 100), reading({ limit: 1024 })), tooLarge);
    await assert.rejects(readList(arriving(body, 100), reading({ limit: 1024, contentLength: body.length })), tooLarge);
  });

  it('refuses a DOCTYPE, a mismatched tag, a bad character reference and a truncated list as it does a whole answer', async () => {
    const cases: [string, RegExp][] = [
      ['<!DOCTYPE r [<!ENTITY x "y">]><response status="ok"><Files><file><id>&x;</id></file></Files></response>', /document type declaration/],
      ['<response status="ok"><Files><file><id>1</file></id></Files></response>', /not well-formed/],
      ['<response status="ok"><Files><file><id>&#0;</id></file></Files></response>', /not well-formed/],
      ['<response status="ok"><Files><file><id>1</id></file>', /not well-formed/],
    ];
    for (const [text, message] of cases) {
      await assert.rejects(readList(arriving(Buffer.from(text), 3), reading()), isError('badResponse', message), text);
    }
  });

  it('refuses a DOCTYPE past the first bytes whatever pieces it arrives in, even one byte at a time', async () => {
    // Past the 256 bytes that choose the decoder, the text reaches the parser as the network cut it.
    const body = Buffer.from(`<?xml version="1.0"?><!--${'x'.repeat(300)}--><!DOCTYPE response [<!ENTITY x "y">]><response status="ok"><Files><file><id>&x;</id></file></Files></response>`);
    for (const size of [1, 2, 4, 7, 8, 1000]) {
      await assert.rejects(readList(arriving(body, size), reading()), isError('badResponse', /document type declaration/), `pieces of ${size} bytes`);
    }
  });
});
