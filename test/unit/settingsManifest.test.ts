import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CONNECTION_COLORS } from '../../src/core/connections';

const read = (p: string) => readFileSync(path.resolve(__dirname, '../..', p), 'utf8');

interface Setting { order?: number; description?: string; markdownDescription?: string; markdownDeprecationMessage?: string }
interface Group { id: string; title: string; order: number; properties: Record<string, Setting> }

describe('the settings as the Settings editor lists them', () => {
  const groups = (JSON.parse(read('package.json')) as { contributes: { configuration: Group[] } }).contributes.configuration;
  const properties: Record<string, Setting> = Object.assign({}, ...groups.map((g) => g.properties));
  const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
  const localized = (text: string) => nls[text.replace(/^%|%$/g, '')] ?? text;
  const words = (s: Setting) => localized(s.markdownDescription ?? s.description ?? '');

  it('come in a set order, the connections first, then insecure HTTP', () => {
    const byOrder = [...groups].sort((a, b) => a.order - b.order).flatMap((g) =>
      Object.entries(g.properties).sort(([, a], [, b]) => (a.order ?? Infinity) - (b.order ?? Infinity)).map(([k]) => k));
    assert.deepEqual(byOrder.slice(0, 2), ['dsas.connections', 'dsas.allowInsecureHTTP']);
    assert.deepEqual(Object.keys(properties).filter((k) => properties[k].order === undefined), [], 'every setting has its place');
  });

  it('come in groups whose ids begin with the keys\' prefix, so that the Settings editor does not put "Dsas:" before each title', () => {
    // VS Code leaves out of a title the part of its key that the group's id begins with.
    assert.deepEqual(groups.map((g) => [g.id, localized(g.title)]), [['dsas.connection', 'Connection'], ['dsas.sending', 'Sending and Downloads'], ['dsas.views', 'Views and Polling']]);
    for (const key of Object.keys(properties)) assert.match(key, /^dsas\.[A-Za-z]+$/);
  });

  it('keep the connections in user settings only, each entry of the shape the extension reads', () => {
    const c = properties['dsas.connections'] as Setting & { scope?: string; items?: { required: string[]; properties: Record<string, { enum?: string[] }> } };
    assert.equal(c.scope, 'application');
    assert.deepEqual(c.items?.required, ['id', 'name', 'baseUrl', 'userName']);
    assert.deepEqual(c.items?.properties.color.enum, [...CONNECTION_COLORS]);
  });

  it("keep the earlier keys last, deprecated, each naming the key that replaced it", () => {
    const renamed = { 'dsas.baseURL': 'dsas.connections', 'dsas.userName': 'dsas.connections', 'dsas.baseUrl': 'dsas.connections', 'dsas.username': 'dsas.connections', 'dsas.allowInsecureHttp': 'dsas.allowInsecureHTTP' };
    for (const [old, key] of Object.entries(renamed)) {
      const message = nls[(properties[old].markdownDeprecationMessage ?? '').replace(/^%|%$/g, '')] ?? '';
      assert.ok(message.includes(`#${key}#`), `${old}: ${message}`);
      const group = groups.find((g) => old in g.properties)!;
      assert.ok((properties[old].order ?? 0) > Math.max(...Object.keys(group.properties).filter((k) => !(k in renamed)).map((k) => properties[k].order ?? 0)));
    }
  });

  it('describe each setting in words of its own, not its key', () => {
    for (const [key, setting] of Object.entries(properties)) {
      if (setting.markdownDeprecationMessage) continue;
      assert.ok(words(setting).length > 20 && !words(setting).includes(key), key);
    }
  });
});
