// Root hooks for the mocha runs (unit, integration): a test's tally counts
// only if it passed; each run saves its tally under the npm script's name.
import { save, settle } from './tally';

export const mochaHooks = {
  afterEach(this: Mocha.Context): void {
    settle(this.currentTest?.state === 'passed');
  },
  afterAll(): void {
    save(process.env.npm_lifecycle_event ?? 'mocha');
  },
};
