import * as vscode from 'vscode';
import { abortReason, findArrival, isServiceError, lookAgainWaits, sleep, type Arrival, type ArrivalRule, type Logger, type ServiceError } from '../../core';
import { readSettings } from '../session/settings';
import { errorDetail, isCancellation } from '../text/errorText';
import { withCancellableProgress } from '../input/progress';
import type { UserInput } from '../input/userInput';

/**
 * How to tell, from a list of the service's, whether a request that changes
 * data arrived: New Submission looks for its form reference and primary
 * recipient among the submissions, Archive This File for its title, name,
 * size and hash among the archive files (`arrivalRules.ts`).
 */
export interface ArrivalCheck<T, W> {
  list(signal: AbortSignal): Promise<readonly T[]>;
  readonly rule: ArrivalRule<T, W>;
  /** Newest first: several new items that are what was sent mean the newest is reported. */
  newestFirst(items: readonly T[]): readonly T[];
  /** Shows the item in its tree. */
  reveal(id: string): Promise<void>;
  readonly text: OutcomeText<T, W>;
}

/** The sentences of the report, in the words of what was sent. */
export interface OutcomeText<T, W> {
  arrived(item: T): string;
  /** Nothing new that is what was sent after looking for `seconds`; `others` of that name are not it. */
  absent(seconds: number, others: number): string;
  /** Without the list from before sending: items that are what was sent, old or new. */
  uncertain(items: readonly T[]): string;
  /** New items of that name of which it cannot be told whether they are what was sent. */
  undecided(unknown: readonly { readonly item: T; readonly why: W }[]): string;
  /** When the list could not be fetched either. */
  unchecked(): string;
  /** When the user cancelled the check. */
  stopped(): string;
}

/** The ids listed before sending; undefined when they could not be fetched (sending goes ahead). */
export async function listedIds<T>(list: (signal: AbortSignal) => Promise<readonly T[]>, id: (item: T) => string, signal: AbortSignal): Promise<Set<string> | undefined> {
  try {
    return new Set((await list(signal)).map(id));
  } catch {
    return undefined;
  }
}

/**
 * The request may or may not have been carried out: never sent again by
 * itself. The list is compared with the one from before sending, and the user
 * is told what it shows, in one message: received (the item revealed), not
 * received, or that it cannot be told and why. Returns the item when it was
 * received: what was sent is then done with.
 */
export async function reportUnknownOutcome<T, W>(ui: UserInput, log: Logger, e: ServiceError, before: ReadonlySet<string> | undefined, check: ArrivalCheck<T, W>): Promise<T | undefined> {
  log.warn(`${e.operation ?? 'A request'}: outcome unknown (${e.kind}: ${e.message}); checking the list.`);
  // The transport's own words, without its "may or may not": the check below answers that.
  const cause = e.cause instanceof Error ? e.cause.message : e.message;
  const why = isServiceError(e, 'cancelled')
    ? vscode.l10n.t('Cancelled after everything had been sent.')
    : vscode.l10n.t('The connection failed after everything had been sent: {0}', cause);
  // Looked at again for `dsas.arrivalCheckSeconds` while the item is not there.
  const checkMs = readSettings().arrivalCheckMs;
  let found: Arrival<T, W> | undefined;
  try {
    found = await withCancellableProgress(vscode.l10n.t('Checking whether the service received it…'), (_p, signal) => look(log, before, check, lookAgainWaits(checkMs), signal));
  } catch (err) {
    if (isCancellation(err)) {
      log.info('Checking the list: stopped by the user.');
      void ui.warn(`${why} ${check.text.stopped()}`);
      return;
    }
    log.warn(`Checking the list failed: ${errorDetail(err)}`);
  }
  if (!found) return void ui.error(`${why} ${check.text.unchecked()}`);
  switch (found.kind) {
    case 'arrived':
      await check.reveal(check.rule.id(found.item));
      void ui.info(`${why} ${check.text.arrived(found.item)}`);
      return found.item;
    case 'absent':
      void ui.warn(`${why} ${check.text.absent(checkMs / 1000, found.others)}`);
      return;
    case 'uncertain':
      await check.reveal(check.rule.id(found.candidates[0]));
      void ui.warn(`${why} ${check.text.uncertain(found.candidates)}`);
      return;
    case 'undecided':
      await check.reveal(check.rule.id(found.unknown[0].item));
      void ui.warn(`${why} ${check.text.undecided(found.unknown)}`);
      return;
  }
}

/**
 * Looks at the list now and after each wait while nothing that is what was
 * sent is there. A look that fails does not end the check (a later one may
 * find it); the answer is the last look's, undefined when that one failed.
 */
async function look<T, W>(log: Logger, before: ReadonlySet<string> | undefined, check: ArrivalCheck<T, W>, waits: readonly number[], signal: AbortSignal): Promise<Arrival<T, W> | undefined> {
  let found: Arrival<T, W> | undefined;
  for (const wait of [0, ...waits]) {
    if (wait) await sleep(wait, signal);
    try {
      found = await findArrival(before, check.newestFirst(await check.list(signal)), check.rule, signal);
    } catch (e) {
      if (signal.aborted) throw abortReason(signal);
      if (isCancellation(e)) throw e;
      log.warn(`Checking the list failed: ${errorDetail(e)}`);
      found = undefined;
      continue;
    }
    if (found.kind !== 'absent') return found;
  }
  return found;
}
