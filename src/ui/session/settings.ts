import * as os from 'node:os';
import * as vscode from 'vscode';
import { addressProblem, MAX_ADDRESS, type HeaderEncoding, type NaiveTimeZone } from '../../core';
import { LIST_LIMIT_SETTING } from '../text/errorText';
import { oldUserValue, RENAMED } from './settingsRename';

export type RecipientTypeSetting = 'PRIMARY' | 'REGULAR' | 'COPIED';

/** The settings every connection shares (where each one's service is, is the connection's). */
export interface Settings {
  readonly allowInsecureHttp: boolean;
  readonly timeoutMs: number;
  readonly responseDeadlineMs: number;
  readonly pollingIntervalMs: number;
  readonly downloadFolder: string;
  readonly defaultRecipientType: RecipientTypeSetting;
  readonly confirmBeforeSending: boolean;
  /** How long the list is looked at again when a request's outcome is unknown. */
  readonly arrivalCheckMs: number;
  readonly pageSize: number;
  readonly headerEncoding: HeaderEncoding;
  readonly timesWithoutZone: NaiveTimeZone;
  /** Largest list (submissions, archive files) read, in bytes. */
  readonly listLimitBytes: number;
}

const SECTION = 'dsas';
/**
 * Settings a repository must not decide, read from user settings only: how
 * credentials go, where downloads are offered, whether sending asks first,
 * and how long an unknown outcome is checked (a short check invites sending twice).
 */
type UserOnlyKey = 'allowInsecureHTTP' | 'nonAsciiHeaderEncoding' | 'downloadFolder' | 'confirmBeforeSending' | 'arrivalCheckSeconds';

/**
 * Typed settings with defaults. The values a workspace must not set are
 * `application`- or `machine`-scoped in the manifest, and are read here from
 * the user's own settings only, so a workspace `settings.json` never applies
 * (not even if VS Code passed on a value it was not meant to).
 */
export function readSettings(): Settings {
  const c = vscode.workspace.getConfiguration(SECTION);
  const user = <T>(key: UserOnlyKey, fallback: T): T => {
    const i = c.inspect<T>(key);
    return i?.globalValue ?? oldUserValue<T>(c, key) ?? i?.defaultValue ?? fallback;
  };
  const num = (key: string, fallback: number, min: number, max: number): number => clamp(c.get<number>(key, fallback), fallback, min, max);
  const oneOf = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const v = c.get<string>(key, fallback);
    return (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
  };
  return {
    allowInsecureHttp: user<boolean>('allowInsecureHTTP', false) === true,
    timeoutMs: num('requestTimeoutSeconds', 30, 1, 3600) * 1000,
    responseDeadlineMs: num('responseDeadlineSeconds', 60, 5, 3600) * 1000,
    pollingIntervalMs: num('pollingIntervalSeconds', 120, 0, 86400) * 1000,
    downloadFolder: String(user('downloadFolder', '')).trim(),
    defaultRecipientType: oneOf('defaultRecipientType', ['PRIMARY', 'REGULAR', 'COPIED'], 'REGULAR'),
    confirmBeforeSending: user<boolean>('confirmBeforeSending', true) !== false,
    arrivalCheckMs: clamp(user<number>('arrivalCheckSeconds', 6), 6, 0, 300) * 1000,
    pageSize: Math.round(num('pageSize', 50, 5, 1000)),
    headerEncoding: oneOf('nonAsciiHeaderEncoding', ['rfc2047', 'rfc8187'], user('nonAsciiHeaderEncoding', 'rfc2047') as HeaderEncoding),
    timesWithoutZone: oneOf('timesWithoutZone', ['utc', 'local'], 'utc'),
    listLimitBytes: Math.round(num(LIST_LIMIT_SETTING, 128, 1, 1024) * 1024 * 1024),
  };
}

/** A number within `min`..`max`; `fallback` for anything that is not a finite number. */
function clamp(v: unknown, fallback: number, min: number, max: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
}

/** Whether a change touches anything the connection is built from. */
export function affectsConnection(e: vscode.ConfigurationChangeEvent): boolean {
  return ['allowInsecureHTTP', ...Object.values(RENAMED), 'requestTimeoutSeconds', 'responseDeadlineSeconds', 'nonAsciiHeaderEncoding', 'timesWithoutZone', LIST_LIMIT_SETTING]
    .some((k) => e.affectsConfiguration(`${SECTION}.${k}`));
}

/** The folder offered for downloads: the setting, else the first workspace folder, else home. */
export function defaultDownloadFolder(s: Settings): vscode.Uri {
  if (s.downloadFolder) return vscode.Uri.file(s.downloadFolder.replace(/^~(?=$|[\\/])/, os.homedir()));
  return vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
}

/**
 * Refuses `http://` unless it is loopback or the user opted in. Returns a
 * reason to show, or undefined when the URL may be used.
 */
export function checkBaseUrl(raw: string, allowInsecure: boolean): string | undefined {
  const t = vscode.l10n.t;
  // The rules every connection's address keeps (core), then the one that needs a setting.
  switch (addressProblem(raw)) {
    case 'empty': return t('Enter the service address.');
    case 'long': return t('The service address is longer than {0} characters.', MAX_ADDRESS);
    case 'notUrl': return t('The service address "{0}" is not a valid URL.', raw);
    case 'credentials': return t('The service address must not contain a user name or password.');
    case 'scheme': return t('The service address must start with https://.');
    case 'query': return t('The service address must end with the service\'s path, without "?" or "#": each request adds its own path to it.');
  }
  const url = new URL(raw.trim());
  if (url.protocol === 'https:' || isLoopback(url.hostname) || allowInsecure) return undefined;
  return t('The service address uses http:// to another machine, so documents would travel unencrypted. Use https://, or turn on "dsas.allowInsecureHTTP".');
}

export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}
