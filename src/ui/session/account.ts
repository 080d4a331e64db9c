// An account (service address and user name) as the user reads it: what a
// change of a connection's tells the user, and which user names are accepted.
import * as vscode from 'vscode';
import { MAX_USER_NAME, userNameAccepted } from '../../core';
import { normalisedBaseUrl, type Account } from './secrets';

/** An account (its `accountKey`) as a person reads it: `"demo" at dsas.example.com`. */
export function accountText(key: string): string {
  const a = accountOf(key);
  return a ? vscode.l10n.t('"{0}" at {1}', a.username, hostOf(a.baseUrl)) : key;
}

/** The address and user name an `accountKey` was made of; undefined for anything else (said as it is). */
function accountOf(key: string): Account | undefined {
  try {
    const [baseUrl, username] = JSON.parse(key) as unknown[];
    return typeof baseUrl === 'string' && typeof username === 'string' ? { baseUrl, username } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the user is told when a connection's service address or user name
 * changed while signed in: the stored secrets belong to the earlier pair, so
 * the session signed out instead of sending them to the new one.
 */
export function accountChangeText(from: Account, to: Account): string {
  if (normalisedBaseUrl(from.baseUrl) !== normalisedBaseUrl(to.baseUrl)) {
    if (!to.baseUrl) return vscode.l10n.t('The service address was removed from your settings, so you were signed out.');
    return vscode.l10n.t('The service address changed to {0}: sign in to use it. Your password and API key were not sent there.', hostOf(to.baseUrl));
  }
  if (!to.username) return vscode.l10n.t('The user name was removed from your settings, so you were signed out.');
  return vscode.l10n.t('The user name changed to "{0}": sign in as that user to use it. The password and API key of "{1}" were not sent for it.', to.username, from.username);
}

/** The host (with its port) of an address, or the address as written when it is not a URL. */
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return `"${baseUrl}"`;
  }
}

/**
 * Why a typed user name cannot be used, if it cannot. Any other text can: the
 * core sends non-ASCII names as Digest's `username*` and escapes `"` and `\`.
 */
export function userNameProblem(value: string): string | undefined {
  if (userNameAccepted(value)) return undefined;
  return value.trim().length > MAX_USER_NAME ? vscode.l10n.t('At most {0} characters.', MAX_USER_NAME) : vscode.l10n.t('Enter the user name, without control characters.');
}
