import * as vscode from 'vscode';
import { findArrival, isServiceError, lookAgainWaits, sleep, type Logger, type ServiceError } from '../core';
import { readSettings } from './settings';
import { describeError } from './errorText';
import { withCancellableProgress } from './progress';
import type { UserInput } from './userInput';

/**
 * How to tell, from a list of the service's, whether a request that changes
 * data arrived: New Submission looks for its form reference among the
 * submissions, Archive This File for its title among the archive files.
 */
export interface ArrivalCheck<T> {
  list(signal: AbortSignal): Promise<readonly T[]>;
  id(item: T): string;
  /** Whether an item looks like the one sent. */
  matches(item: T): boolean;
  /** Newest first: several matching new items mean the newest is reported. */
  newestFirst(items: readonly T[]): readonly T[];
  /** Shows the item in its tree. */
  reveal(id: string): Promise<void>;
  readonly text: OutcomeText<T>;
}

/** The sentences of the report, in the words of what was sent. */
export interface OutcomeText<T> {
  arrived(item: T): string;
  /** Nothing new after looking for `seconds`. */
  absent(seconds: number): string;
  uncertain(item: T, count: number): string;
  /** When the list could not be fetched either. */
  unchecked(): string;
}

/** The ids listed before sending; undefined when they could not be fetched (sending goes ahead). */
export async function listedIds<T>(check: Pick<ArrivalCheck<T>, 'list' | 'id'>, signal: AbortSignal): Promise<ReadonlySet<string> | undefined> {
  try {
    return new Set((await check.list(signal)).map(check.id));
  } catch {
    return undefined;
  }
}

/**
 * The request may or may not have been carried out: never sent again by
 * itself. The list is compared with the one from before sending, and the user
 * is told what it shows, in one message: received (the item revealed), not
 * received, or that it cannot be told.
 */
export async function reportUnknownOutcome<T>(ui: UserInput, log: Logger, e: ServiceError, before: ReadonlySet<string> | undefined, check: ArrivalCheck<T>): Promise<void> {
  log.warn(`${e.operation ?? 'A request'}: outcome unknown (${e.kind}: ${e.message}); checking the list.`);
  // The transport's own words, without its "may or may not": the check below answers that.
  const cause = e.cause instanceof Error ? e.cause.message : e.message;
  const why = isServiceError(e, 'cancelled')
    ? vscode.l10n.t('Cancelled after everything had been sent.')
    : vscode.l10n.t('The connection failed after everything had been sent: {0}', cause);
  // Looked at again for `dsas.arrivalCheckSeconds` while the item is not there.
  const checkMs = readSettings().arrivalCheckMs;
  const waits = lookAgainWaits(checkMs);
  let found;
  try {
    found = await withCancellableProgress(vscode.l10n.t('Checking whether the service received it…'), async (_p, signal) => {
      const look = async () => findArrival(before, check.newestFirst(await check.list(signal)), check.id, check.matches);
      let found = await look();
      for (const wait of waits) {
        if (found.kind !== 'absent') break;
        await sleep(wait, signal);
        found = await look();
      }
      return found;
    });
  } catch (err) {
    log.warn(`Checking the list failed: ${describeError(err)}`);
    void ui.error(`${why} ${check.text.unchecked()}`);
    return;
  }
  switch (found.kind) {
    case 'arrived':
      await check.reveal(check.id(found.item));
      void ui.info(`${why} ${check.text.arrived(found.item)}`);
      return;
    case 'absent':
      void ui.warn(`${why} ${check.text.absent(checkMs / 1000)}`);
      return;
    case 'uncertain':
      await check.reveal(check.id(found.candidates[0]));
      void ui.warn(`${why} ${check.text.uncertain(found.candidates[0], found.candidates.length)}`);
  }
}
