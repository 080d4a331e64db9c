// Polling from host tests: as many polls as the detail budget needs to go
// round every pending submission, and the notices they showed.
import { DETAILS_PER_POLL } from '../../src/ui/status/changes';
import type { Poller } from '../../src/ui/status/poller';
import type { Answer, Asked } from './scriptedInput';
import { sandboxState, withAnswers } from './session';

export const noticesOf = (asked: readonly Asked[]) => asked.filter((a) => a.method === 'info' || a.method === 'warn');

export const pendingInSandbox = async () => (await sandboxState()).submissions.filter((s) => s.completedAt === undefined).length;

/**
 * Polls ⌈N / DETAILS_PER_POLL⌉ + 1 times (N pending submissions), so that
 * every pending one's detail is read, with the notices answered by `answers`
 * (a notice's button); returns the notices shown.
 */
export async function pollRound(status: Poller, answers: Answer[] = []): Promise<Asked[]> {
  const polls = Math.ceil(((await pendingInSandbox()) + 1) / DETAILS_PER_POLL) + 1;
  const { input } = await withAnswers(answers, async () => {
    for (let i = 0; i < polls; i++) await status.pollNow();
  });
  return noticesOf(input.asked);
}
