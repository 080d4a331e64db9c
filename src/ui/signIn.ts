import * as vscode from 'vscode';
import { isServiceError, type Logger, type ServiceClient } from '../core';
import { userNameProblem } from './account';
import { Cmd } from './commandIds';
import { describeError } from './errorText';
import { withCancellableProgress } from './progress';
import type { SecretName, Secrets } from './secrets';
import type { Session } from './session';
import { checkBaseUrl, readSettings, updateUserSetting } from './settings';
import type { UserInput } from './userInput';

/** What the sign-in flow works with. */
export interface SignInDeps {
  readonly session: Session;
  readonly secrets: Secrets;
  readonly ui: UserInput;
  readonly log: Logger;
}

/**
 * Sign In: asks for whatever is missing (address, user name, password, key),
 * checks it with a real request and keeps the secrets only when the service
 * accepted them. Returns whether the user is signed in afterwards.
 */
export async function signIn({ session, secrets, ui, log }: SignInDeps): Promise<boolean> {
  let s = readSettings();
  if (!s.baseUrl || checkBaseUrl(s.baseUrl, s.allowInsecureHttp)) {
    const problem = s.baseUrl ? checkBaseUrl(s.baseUrl, s.allowInsecureHttp) : undefined;
    const url = await ui.inputBox({
      title: vscode.l10n.t('Sign In (1/4)'),
      prompt: problem ?? vscode.l10n.t('Address of the service, including its path prefix'),
      value: s.baseUrl,
      placeHolder: 'https://dsas.example.com/service/v1.1',
      validate: (v) => checkBaseUrl(v.trim(), s.allowInsecureHttp),
    });
    if (typeof url !== 'string') return false;
    await updateUserSetting('baseUrl', url.trim());
  }
  s = readSettings();
  if (!s.username) {
    const user = await ui.inputBox({
      title: vscode.l10n.t('Sign In (2/4)'),
      prompt: vscode.l10n.t('User name of your account'),
      validate: userNameProblem,
    });
    if (typeof user !== 'string') return false;
    await updateUserSetting('username', user.trim());
    s = readSettings();
  }
  // A secret refused while signed in is asked again even if its removal has not finished yet.
  const refused = (name: SecretName) => session.refusedSecret(s) === name;
  const stored = async (name: SecretName) => (refused(name) ? undefined : await secrets.get(s, name));
  const refusedNote = (name: SecretName) => (refused(name) ? `${vscode.l10n.t('The service refused the one stored before.')} ` : '');
  const password = (await stored('password')) ?? (await askSecret(ui, vscode.l10n.t('Sign In (3/4)'), refusedNote('password') + vscode.l10n.t('Password for {0}', s.username)));
  if (password === undefined) return false;
  const apiKey = (await stored('apiKey')) ?? (await askSecret(ui, vscode.l10n.t('Sign In (4/4)'), refusedNote('apiKey') + vscode.l10n.t('API key of your account')));
  if (apiKey === undefined) return false;

  let client: ServiceClient;
  try {
    client = session.build(s, password, apiKey);
    await withCancellableProgress(vscode.l10n.t('Signing in to {0}…', new URL(s.baseUrl).host), (_p, signal) => client.listSubmissions({ signal }));
  } catch (e) {
    // Keep nothing the service refused, so that the next sign-in asks again.
    if (isServiceError(e, 'unauthorized')) await secrets.clearOne(s, 'password');
    if (isServiceError(e, 'keyRefused')) await secrets.clearOne(s, 'apiKey');
    log.warn(`Sign-in failed: ${isServiceError(e) ? e.kind : 'error'}`);
    const again = vscode.l10n.t('Sign In Again');
    if (isServiceError(e, 'cancelled')) return false;
    void ui.error(vscode.l10n.t('Sign-in failed. {0}', describeError(e)), again).then((a) => a === again && vscode.commands.executeCommand(Cmd.signIn));
    return false;
  }
  // Both, even when the first cannot reach the keyring: each is then kept for this session.
  const kept = [await secrets.store(s, 'password', password), await secrets.store(s, 'apiKey', apiKey)];
  if (kept.includes(false)) {
    void ui.warn(vscode.l10n.t('The system keyring is not available: your password and API key are kept for this session only and will be asked again next time.'));
  }
  session.signedInWith(client, s);
  log.info(`Signed in to ${new URL(s.baseUrl).origin} as ${s.username}.`);
  return true;
}

async function askSecret(ui: UserInput, title: string, prompt: string): Promise<string | undefined> {
  const v = await ui.inputBox({
    title, prompt, password: true,
    validate: (x) => (x.length === 0 ? vscode.l10n.t('This cannot be empty.') : undefined),
  });
  return typeof v === 'string' ? v : undefined;
}
