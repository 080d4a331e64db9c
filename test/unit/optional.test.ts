import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { optionalSuite, readNotRun } from '../reliability/optional';

describe('optional suites (a program from the operating system)', () => {
  let dir: string;
  const ci = process.env.CI;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dsas-optional-'));
    delete process.env.CI;
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
  });

  it('runs when nothing is missing, and records nothing', () => {
    assert.equal(optionalSuite('Apache interop suite', undefined, 'apt-get install -y apache2', dir), true);
    assert.deepEqual(readNotRun(dir), []);
  });

  it("on a developer's machine, a missing program means not run, recorded with the command that installs it", () => {
    const said: string[] = [];
    assert.equal(optionalSuite('Apache interop suite', '/usr/sbin/apache2 is not installed', 'apt-get install -y apache2', dir, (line) => said.push(line)), false);
    assert.deepEqual(said, ['Apache interop suite not run: /usr/sbin/apache2 is not installed (install it with: apt-get install -y apache2).']);
    assert.deepEqual(readNotRun(dir), [{ suite: 'Apache interop suite', why: '/usr/sbin/apache2 is not installed (install it with: apt-get install -y apache2)' }]);
  });

  it('in CI, a missing program fails the run', () => {
    process.env.CI = '1';
    assert.throws(() => optionalSuite('Apache interop suite', '/usr/sbin/apache2 is not installed', 'apt-get install -y apache2', dir), /CI must install it \(apt-get install -y apache2\)/);
    assert.deepEqual(readNotRun(dir), []);
  });
});
