import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'mocha';
import { ServiceError } from '../../src/core/errors';
import { ResponseReader } from '../../src/core/xml/readers';
import { tried } from '../reliability/tally';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'xml');
const documents = readdirSync(FIXTURES).filter((f) => f.endsWith('.xml')).map((f) => readFileSync(path.join(FIXTURES, f), 'utf8'));

/** A small deterministic generator, so that a failure can be replayed from its seed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SNIPPETS = ['<', '>', '&', '&amp;', '&#0;', '&#xD800;', '&bogus;', ']]>', '<![CDATA[', '<!--', '-->', '<?xml version="1.0"?>', '<!DOCTYPE x>', '<!ENTITY a "b">',
  '"', "'", '=', '/', '<response status="ok">', '</response>', '<submission>', '</submission>', '<Files/>', '<file>', '<tag id="x" text="y"/>', '\u0000', '\uFFFE', '\uD83D', '😀', '9'.repeat(40), 'status="error"'];

/** One mutation: flip, cut, duplicate, delete or insert, as a broken or hostile service might. */
function mutate(doc: string, rnd: () => number): string {
  const at = Math.floor(rnd() * (doc.length + 1));
  const len = Math.floor(rnd() * 40);
  switch (Math.floor(rnd() * 6)) {
    case 0: return doc.slice(0, at); // truncated body
    case 1: return doc.slice(0, at) + doc.slice(at + len); // a piece missing
    case 2: return doc.slice(0, at) + doc.slice(at, at + len) + doc.slice(at); // a piece twice
    case 3: return doc.slice(0, at) + SNIPPETS[Math.floor(rnd() * SNIPPETS.length)] + doc.slice(at);
    case 4: return doc.slice(0, at) + String.fromCharCode(Math.floor(rnd() * 0x10000)) + doc.slice(at + 1);
    default: {
      const other = documents[Math.floor(rnd() * documents.length)];
      const from = Math.floor(rnd() * other.length);
      return doc.slice(0, at) + other.slice(from, from + len * 4) + doc.slice(at);
    }
  }
}

describe('fuzzing the response readers', () => {
  const reader = new ResponseReader();
  const read: ((body: string) => unknown)[] = [
    (b) => reader.submissionList(b), (b) => reader.submissionDetail(b, 'op'), (b) => reader.history(b, 'op'),
    (b) => reader.status(b, 'op'), (b) => reader.created(b, 'op'), (b) => reader.archiveList(b),
    (b) => reader.archiveFile(b, 'op'), (b) => reader.uploaded(b, 'op'),
  ];

  it('turns 4,000 mutated documents into models or typed errors, never anything else', () => {
    const rnd = random(20261122);
    const outcomes = { parsed: 0, badResponse: 0, serviceError: 0 };
    for (let i = 0; i < 4000; i++) {
      let doc = documents[i % documents.length];
      const rounds = 1 + Math.floor(rnd() * 3);
      for (let r = 0; r < rounds; r++) doc = mutate(doc, rnd);
      for (const f of read) {
        try {
          const model = f(doc);
          assert.equal(typeof model, 'object', `case ${i}: a model is an object`);
          outcomes.parsed++;
        } catch (e) {
          assert.ok(e instanceof ServiceError, `case ${i}: ${String(e)} from ${JSON.stringify(doc.slice(0, 300))}`);
          assert.ok(e.kind === 'badResponse' || e.kind === 'serviceError', `case ${i}: kind ${e.kind}`);
          assert.ok(e.message.length > 0 && e.message.length < 1500, `case ${i}: a bounded message`);
          outcomes[e.kind]++;
        }
      }
    }
    // The mutations reached every path: some documents still read, some broke, some are service errors.
    assert.ok(outcomes.parsed > 100 && outcomes.badResponse > 1000 && outcomes.serviceError > 10, JSON.stringify(outcomes));
    tried('fuzz', 4000);
  });
});
