import { bound, readMemory, type AccountMemory } from '../../core';
import { GlobalState, type StateStore } from '../globalState';

/** Where an account's memory of what it was told is kept in global state: one key per account (`accountKey`). */
const keyOf = (account: string) => `dsas.announced:${account}`;

/**
 * What each account was told about its submissions (AccountMemory), in
 * global state: it survives reloads and restarts, is shared by the windows
 * of this profile (each reads it again before it compares), is bounded
 * (REMEMBERED_SUBMISSIONS per account), and goes with the account at Sign Out.
 */
export class AnnouncedStore {
  private readonly state: GlobalState;

  constructor(state: StateStore) {
    this.state = new GlobalState(state);
  }

  /** A fresh copy of what is kept for an account (undefined: it was never looked at here). */
  read(account: string): AccountMemory | undefined {
    return readMemory(this.state.get(keyOf(account)), Date.now());
  }

  write(account: string, m: AccountMemory): Thenable<void> {
    return this.state.update(keyOf(account), bound(m));
  }

  /** Forgets what the accounts were told (Sign Out). */
  async forget(accounts: readonly string[]): Promise<void> {
    await Promise.all(accounts.map((a) => this.state.update(keyOf(a), undefined)));
  }
}
