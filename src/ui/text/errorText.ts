import * as vscode from 'vscode';
import { isServiceError } from '../../core';
import { PartNotLoadedError } from '../partApart';
import { problemText } from './problemText';

/** The setting of the largest list read (session/settings.ts), which the message refusing a longer list names. */
export const LIST_LIMIT_SETTING = 'listLimitMegabytes';

/** Thrown by UI code when a command needs a sign-in first. */
export class NotSignedInError extends Error {
  constructor() {
    super('not signed in');
  }
}

/** Thrown when what a command or panel acts on belongs to a connection that was removed. */
export class ConnectionGoneError extends Error {
  constructor() {
    super('connection removed');
  }
}

/**
 * Thrown when what a panel or tab fetches was opened for another account than
 * its connection points at now (`moved`: Edit Connection… changed its address
 * or user name), or for one not known (`unnoted`: kept by an earlier version).
 */
export class AccountMovedError extends Error {
  constructor(readonly why: 'moved' | 'unnoted') {
    super(why === 'moved' ? 'its connection points to another account' : 'its account was not noted');
  }
}

/** What a command stopped midway left undone, said after why it stopped. */
export type Undone = 'notSent' | 'notDownloaded' | 'noForm' | 'notFetched';

/**
 * Why a command stopped before its end: the client it began with is no
 * longer its connection's. `removed`: the connection was removed, with its
 * secrets, drafts and records (`deleted`, Remove Connection…) or taken out
 * of the settings (`kept`); else the user signed out of it.
 */
export class StoppedMidwayError extends Error {
  /** `connection`: its name (said when removed, or when there are several). */
  constructor(readonly undone: Undone, readonly removed: 'deleted' | 'kept' | undefined, readonly connection?: string) {
    super(removed ? 'connection removed meanwhile' : 'signed out meanwhile');
  }
}

/**
 * The one rule of every command stopped midway (a batch of uploads or
 * downloads, Send Again With…, Add from the Archive…): its connection
 * removed is said as such, never as a sign-out.
 */
export function stoppedMidway(undone: Undone, c: { readonly name: string; readonly removed: 'deleted' | 'kept' | undefined; readonly several: boolean }): StoppedMidwayError {
  return new StoppedMidwayError(undone, c.removed, c.removed || c.several ? c.name : undefined);
}

/** `The connection Test was removed meanwhile…: the rest was not sent.`: whole sentences, one per cause and what was left undone, for translators. */
function stoppedText(e: StoppedMidwayError): string {
  const t = vscode.l10n.t;
  const n = e.connection ?? '';
  const texts = {
    notSent: () => [
      t('The connection {0} was removed meanwhile, and with it its stored password and API key, its drafts of New Submission and what the Explorer showed of its files: the rest was not sent.', n),
      t('The connection {0} was taken out of the settings meanwhile: the rest was not sent.', n),
      t('You signed out meanwhile: the rest was not sent.'),
      t('You signed out of {0} meanwhile: the rest was not sent.', n),
    ],
    notDownloaded: () => [
      t('The connection {0} was removed meanwhile, and with it its stored password and API key, its drafts of New Submission and what the Explorer showed of its files: the rest was not downloaded.', n),
      t('The connection {0} was taken out of the settings meanwhile: the rest was not downloaded.', n),
      t('You signed out meanwhile: the rest was not downloaded.'),
      t('You signed out of {0} meanwhile: the rest was not downloaded.', n),
    ],
    noForm: () => [
      t('The connection {0} was removed meanwhile, and with it its stored password and API key, its drafts of New Submission and what the Explorer showed of its files: no form was opened.', n),
      t('The connection {0} was taken out of the settings meanwhile: no form was opened.', n),
      t('You signed out meanwhile: no form was opened.'),
      t('You signed out of {0} meanwhile: no form was opened.', n),
    ],
    notFetched: () => [
      t('The connection {0} was removed meanwhile, and with it its stored password and API key, its drafts of New Submission and what the Explorer showed of its files: nothing was fetched.', n),
      t('The connection {0} was taken out of the settings meanwhile: nothing was fetched.', n),
      t('You signed out meanwhile: nothing was fetched.'),
      t('You signed out of {0} meanwhile: nothing was fetched.', n),
    ],
  }[e.undone]();
  return texts[e.removed === 'deleted' ? 0 : e.removed === 'kept' ? 1 : e.connection === undefined ? 2 : 3];
}

/** True for failures the user caused on purpose: cancel, dismissing a prompt. */
export function isCancellation(e: unknown): boolean {
  return isServiceError(e, 'cancelled') || e instanceof vscode.CancellationError;
}

export { errorDetail } from '../../core';

/** The words a person reads for an error; the core's typed error decides which. */
export function describeError(e: unknown): string {
  if (e instanceof NotSignedInError) return vscode.l10n.t('You are not signed in to the Document Submission service.');
  if (e instanceof ConnectionGoneError) return vscode.l10n.t('Its connection was removed: nothing is sent to it, nor fetched from it.');
  if (e instanceof AccountMovedError) {
    return e.why === 'moved'
      ? vscode.l10n.t('Its connection now points to another service or user than it was opened for: nothing is fetched for it from there. Open it again from its row.')
      : vscode.l10n.t('It was kept by an earlier version, which did not note the service and user it was opened for: nothing is fetched for it. Open it again from its row.');
  }
  if (e instanceof StoppedMidwayError) return stoppedText(e);
  if (e instanceof PartNotLoadedError) return vscode.l10n.t('Part of the extension is missing or damaged ({0}). Reinstall the extension, then reload the window.', e.message);
  if (!isServiceError(e)) return vscode.l10n.t('Something went wrong: {0}', e instanceof Error ? e.message : String(e));
  const detail = e.serviceMessage ? ` ${vscode.l10n.t('The service said: "{0}"', e.serviceMessage)}` : '';
  switch (e.kind) {
    case 'unauthorized':
      return vscode.l10n.t('The service refused the user name or password.');
    case 'keyRefused':
      return vscode.l10n.t('The service refused the API key.') + detail;
    case 'authUnsupported':
      return vscode.l10n.t('{0} Nothing was refused: your password and API key are kept.', e.message);
    case 'forbidden':
      return vscode.l10n.t('The service does not allow this for your account (HTTP 403).') + detail;
    case 'notFound':
      return vscode.l10n.t('The service does not know this item (it may have been removed).') + detail;
    case 'serviceError':
      return vscode.l10n.t('The service reported an error{0}.', e.status ? ` (HTTP ${e.status})` : '') + detail;
    case 'badResponse':
      return vscode.l10n.t('The service sent a response that could not be read: {0}', e.message)
        + (e.listLimit === undefined ? '' : ` ${vscode.l10n.t('The setting "dsas.{0}" raises the limit.', LIST_LIMIT_SETTING)}`);
    case 'network':
    case 'timeout':
      // The core's sentence already says what failed ("The service could not be
      // reached: …", "did not answer within …") and, after a request that
      // changes data, whether it may have arrived: framing it again said it twice.
      return e.message;
    case 'untrusted':
      // The remedy VS Code honours for the extension's own connections (see the README, "Company certificates").
      return vscode.l10n.t('{0} Nothing was sent. If your organisation uses its own certificate authority, add its certificate to the operating system\'s trusted certificates and keep the setting "http.systemCertificates" on, then reload the window.', e.message);
    case 'cancelled':
      return vscode.l10n.t('Cancelled.');
    case 'invalidRequest':
      return e.problem ? problemText(e.problem) : e.message;
    case 'localFile':
      return e.message;
  }
}
