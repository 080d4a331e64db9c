import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const read = (p: string) => readFileSync(path.resolve(__dirname, '../..', p), 'utf8');

interface Setting { order?: number; description?: string; markdownDescription?: string }

describe('the settings as the Settings editor lists them', () => {
  const properties = (JSON.parse(read('package.json')) as { contributes: { configuration: { properties: Record<string, Setting> } } }).contributes.configuration.properties;
  const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
  const words = (s: Setting) => {
    const text = s.markdownDescription ?? s.description ?? '';
    return nls[text.replace(/^%|%$/g, '')] ?? text;
  };

  it('come in a set order, the connection first: base URL, user name, insecure HTTP', () => {
    const byOrder = Object.entries(properties).sort(([, a], [, b]) => (a.order ?? Infinity) - (b.order ?? Infinity)).map(([k]) => k);
    assert.deepEqual(byOrder.slice(0, 3), ['dsas.baseUrl', 'dsas.username', 'dsas.allowInsecureHttp']);
    assert.deepEqual(Object.keys(properties).filter((k) => properties[k].order === undefined), [], 'every setting has its place');
  });

  it('say in words what each of the connection settings is (the editor derives "Base Url", "Username" from the keys)', () => {
    assert.match(words(properties['dsas.baseUrl']), /^\*\*Base URL\*\* of the service/);
    assert.match(words(properties['dsas.username']), /^User name of your account/);
    assert.match(words(properties['dsas.allowInsecureHttp']), /^\*\*Allow insecure HTTP\*\*/);
  });
});
