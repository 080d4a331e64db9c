import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const read = (p: string) => readFileSync(path.resolve(__dirname, '../..', p), 'utf8');

interface Step { id: string; completionEvents?: string[] }

describe('the walkthrough', () => {
  const steps = (JSON.parse(read('package.json')) as { contributes: { walkthroughs: { steps: Step[] }[] } }).contributes.walkthroughs.flatMap((w) => w.steps);

  it('ticks a step when its action succeeded, not when its command was clicked', () => {
    assert.deepEqual(steps.flatMap((s) => s.completionEvents ?? []).filter((e) => e.startsWith('onCommand:')), []);
    const events = Object.fromEntries(steps.map((s) => [s.id, s.completionEvents]));
    assert.deepEqual(events.archive, ['onContext:dsas.archivedFile']);
    assert.deepEqual(events.submit, ['onContext:dsas.sentSubmission']);
  });

  it('completes on context keys the extension sets', () => {
    // milestones.ts imports vscode, so its table is read as text.
    const milestones = read('src/ui/milestones.ts');
    const keys = steps.flatMap((s) => s.completionEvents ?? []).map((e) => e.replace(/^onContext:/, ''));
    for (const key of keys.filter((k) => k !== 'dsas.signedIn')) assert.ok(milestones.includes(`'${key}'`), `${key} is one of the milestones`);
  });
});
