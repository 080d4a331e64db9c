// `npm test`'s runner (scripts/test.ts): each step in the run's own temporary
// folder, and only that folder checked for what the tests left.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { npmStep, runSteps, type Step } from '../reliability/runSteps';

/** A step that runs `code` in a new Node process (with its arguments after it). */
const node = (label: string, code: string, ...args: string[]): Step => ({ label, command: process.execPath, args: ['-e', code, ...args] });

describe("what the tests leave in their temporary folder (npm test's runner)", () => {
  let scratch: string;
  const lines: string[] = [];
  const say = (line: string) => lines.push(line);
  beforeEach(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'dsas-runner-'));
    lines.length = 0;
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  it("passes when another program creates something in the machine's temporary folder during the run", async () => {
    // What another build, an editor or a second terminal does meanwhile, in the folder the run's own is made in.
    const outsider = path.join(os.tmpdir(), `someone-else-${process.pid}-${Date.now()}.txt`);
    try {
      const r = await runSteps([node('another program', "require('fs').writeFileSync(process.argv[1], 'not ours')", outsider)], { stdio: 'ignore', say });
      assert.ok(existsSync(outsider), 'the file was made in the machine\'s temporary folder');
      assert.equal(path.dirname(r.dir), os.tmpdir(), "the run's folder is in the machine's temporary folder");
      assert.deepEqual(r.left, []);
      assert.equal(r.code, 0, lines.join('\n'));
      assert.deepEqual(lines, []);
    } finally {
      rmSync(outsider, { force: true });
    }
  });

  it("fails naming what a step left in the run's temporary folder, and removes that folder", async () => {
    const leaving = node('a leaky suite', "const fs = require('fs'), os = require('os'), p = require('path'); fs.writeFileSync(p.join(os.tmpdir(), 'left-behind.txt'), ''); fs.mkdirSync(p.join(os.tmpdir(), 'dsas-sb-x1'))");
    const r = await runSteps([leaving, node('a clean suite', '')], { stdio: 'ignore', say });
    assert.equal(r.code, 1);
    assert.deepEqual(r.left, ['dsas-sb-x1', 'left-behind.txt']);
    assert.deepEqual(lines, [`The tests left 2 entries in their temporary folder (${r.dir}): dsas-sb-x1, left-behind.txt`]);
    assert.ok(!existsSync(r.dir), "the run's folder is removed");
  });

  it("gives every step, and what it starts, the run's folder as its temporary folder, also through npm run", async () => {
    // A project whose npm script starts a process that starts another: each writes what os.tmpdir() and the environment say.
    const probe = `
      const { execFileSync } = require('child_process'), fs = require('fs'), os = require('os'), path = require('path');
      const seen = (who) => fs.writeFileSync(path.join(__dirname, who + '.json'), JSON.stringify({ tmpdir: os.tmpdir(), TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP }));
      if (process.argv[2] === 'grandchild') seen('grandchild');
      else { seen('child'); execFileSync(process.execPath, [__filename, 'grandchild']); }`;
    writeFileSync(path.join(scratch, 'probe.js'), probe);
    writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ name: 'probe', private: true, scripts: { probe: 'node probe.js' } }));
    const direct = node('direct', "const fs = require('fs'), t = require('os').tmpdir(); fs.writeFileSync(process.argv[1], JSON.stringify([t, fs.statSync(t).mode & 0o777]))", path.join(scratch, 'direct.json'));
    const r = await runSteps([direct, npmStep('probe', '--prefix', scratch, '--no-update-notifier')], { stdio: 'ignore', say });
    assert.equal(r.code, 0, lines.join('\n'));
    const [tmpdir, mode] = JSON.parse(readFileSync(path.join(scratch, 'direct.json'), 'utf8')) as [string, number];
    assert.equal(tmpdir, r.dir);
    // Others may pass through, as through the folder it stands in for (Apache's workers run as www-data under root).
    if (process.platform !== 'win32') assert.equal(mode.toString(8), '755');
    for (const who of ['child', 'grandchild']) {
      const seen = JSON.parse(readFileSync(path.join(scratch, `${who}.json`), 'utf8')) as Record<string, string>;
      assert.deepEqual(seen, { tmpdir: r.dir, TMPDIR: r.dir, TMP: r.dir, TEMP: r.dir }, who);
    }
  }).timeout(30_000);

  it('ends the run at the first step that fails, and says which', async () => {
    const marker = path.join(scratch, 'ran');
    const r = await runSteps([node('test:unit', 'process.exit(3)'), node('test:host', "require('fs').writeFileSync(process.argv[1], '')", marker)], { stdio: 'ignore', say });
    assert.equal(r.code, 3);
    assert.ok(!existsSync(marker), 'the step after it did not run');
    assert.deepEqual(lines, ['test:unit failed (exit code 3): the steps after it were not run.']);
    assert.ok(!existsSync(r.dir));
  });

  it('tells how long each step took, steps given together as one', async () => {
    const wait = (ms: number) => `setTimeout(() => {}, ${ms})`;
    const r = await runSteps([node('typecheck', wait(300)), [node('test:integration', wait(600)), node('test:interop', wait(100))]], { stdio: 'ignore', say });
    assert.equal(r.code, 0, lines.join('\n'));
    assert.deepEqual(r.took.map((t) => t.label), ['typecheck', 'test:integration+test:interop']);
    assert.ok(r.took[0].seconds >= 0.3 && r.took[0].seconds < 5, JSON.stringify(r.took));
    assert.ok(r.took[1].seconds >= 0.6 && r.took[1].seconds < 5, 'as long as the longest of them');
  });

  it('runs steps given together at the same time, then goes on only if every one of them passed', async () => {
    // The first waits for a file only the second makes: it passes only if both run at once.
    const signal = path.join(scratch, 'second-started');
    const first = node('test:integration', `const fs = require('fs'); const until = Date.now() + 10000;
      (function wait() { if (fs.existsSync(process.argv[1])) return; if (Date.now() > until) process.exit(4); setTimeout(wait, 20); })();`, signal);
    const second = node('test:interop', "require('fs').writeFileSync(process.argv[1], '')", signal);
    const passed = await runSteps([[first, second]], { stdio: 'ignore', say });
    assert.equal(passed.code, 0, lines.join('\n'));

    const marker = path.join(scratch, 'ran');
    const failing = await runSteps([[node('test:integration', ''), node('test:interop', 'process.exit(5)')], node('test:host', "require('fs').writeFileSync(process.argv[1], '')", marker)], { stdio: 'ignore', say });
    assert.equal(failing.code, 5);
    assert.ok(!existsSync(marker), 'the step after them did not run');
    assert.deepEqual(lines, ['test:interop failed (exit code 5): the steps after it were not run.']);
  }).timeout(20_000);
});
