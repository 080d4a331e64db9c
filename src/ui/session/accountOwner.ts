// Whose a tab or panel opened from a connection is: the account (service
// address and user name) its connection pointed at when it was opened. Edit
// Connection… may point the connection elsewhere later, where the same id is
// another person's document or none. No vscode here: the rule is tested alone.
import { createHash } from 'node:crypto';

/** A short digest of an account (`accountKey`): what a tab's URI and a panel's saved state carry, naming the service and user without spelling them out. */
export function accountDigest(account: string): string {
  return createHash('sha256').update(account).digest('hex').slice(0, 16);
}

/**
 * What may be fetched for something opened from a connection: `own` while
 * the connection points at the account it was opened for (`noted`, its
 * digest); `moved` once it points at another (`account`: its `accountKey`
 * now); `unnoted` when none was noted (a panel an earlier version saved),
 * which may be another account's just as well; `switching` while the
 * connection points there again but its session still holds the client of
 * the account it pointed at a moment ago (`inUse`: that client's account;
 * undefined when signed out), until it has read this one's secrets. Only
 * `own` is fetched.
 */
export type Ownership = 'own' | 'moved' | 'unnoted' | 'switching';

export function ownership(noted: string | undefined, account: string | undefined, inUse?: string): Ownership {
  if (noted === undefined) return 'unnoted';
  if (account === undefined || accountDigest(account) !== noted) return 'moved';
  return inUse === undefined || inUse === account ? 'own' : 'switching';
}
