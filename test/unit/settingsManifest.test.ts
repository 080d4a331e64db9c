import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const read = (p: string) => readFileSync(path.resolve(__dirname, '../..', p), 'utf8');

interface Setting { order?: number; description?: string; markdownDescription?: string; markdownDeprecationMessage?: string }

describe('the settings as the Settings editor lists them', () => {
  const properties = (JSON.parse(read('package.json')) as { contributes: { configuration: { properties: Record<string, Setting> } } }).contributes.configuration.properties;
  const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
  const words = (s: Setting) => {
    const text = s.markdownDescription ?? s.description ?? '';
    return nls[text.replace(/^%|%$/g, '')] ?? text;
  };

  it('come in a set order, the connection first: base URL, user name, insecure HTTP', () => {
    const byOrder = Object.entries(properties).sort(([, a], [, b]) => (a.order ?? Infinity) - (b.order ?? Infinity)).map(([k]) => k);
    assert.deepEqual(byOrder.slice(0, 3), ['dsas.baseURL', 'dsas.userName', 'dsas.allowInsecureHTTP']);
    assert.deepEqual(Object.keys(properties).filter((k) => properties[k].order === undefined), [], 'every setting has its place');
  });

  it("keep 0.1's keys last, deprecated, each naming its new key", () => {
    const renamed = { 'dsas.baseUrl': 'dsas.baseURL', 'dsas.username': 'dsas.userName', 'dsas.allowInsecureHttp': 'dsas.allowInsecureHTTP' };
    for (const [old, key] of Object.entries(renamed)) {
      const message = nls[(properties[old].markdownDeprecationMessage ?? '').replace(/^%|%$/g, '')] ?? '';
      assert.ok(message.includes(`#${key}#`), `${old}: ${message}`);
      assert.ok((properties[old].order ?? 0) > Math.max(...Object.keys(properties).filter((k) => !(k in renamed)).map((k) => properties[k].order ?? 0)));
    }
  });

  it('describe each setting in words of its own, not its key', () => {
    for (const [key, setting] of Object.entries(properties)) {
      if (setting.markdownDeprecationMessage) continue;
      assert.ok(words(setting).length > 20 && !words(setting).includes(key), key);
    }
  });
});
