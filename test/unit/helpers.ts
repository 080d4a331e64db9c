import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ServiceError, type ServiceErrorKind } from '../../src/core/errors';

export const FIXTURES = path.join(__dirname, '..', 'fixtures', 'xml');

/** A fixture file's text, exactly as stored. */
export function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

/** Checks that `e` is a ServiceError of the kind given, with the exact message when one is given. */
export function isError(kind: ServiceErrorKind, message?: string | RegExp) {
  return (e: unknown): boolean => {
    assert(e instanceof ServiceError, `expected a ServiceError, got ${String(e)}`);
    assert.equal(e.kind, kind, `kind of "${e.message}"`);
    if (typeof message === 'string') assert.equal(e.message, message);
    else if (message) assert.match(e.message, message);
    return true;
  };
}

/** A fresh temporary directory and a function that removes it. */
export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dsas-${prefix}-`));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
