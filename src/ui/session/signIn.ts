import * as vscode from 'vscode';
import { isServiceError, type Logger, type ServiceClient } from '../../core';
import { connectionName } from './connectionText';
import type { Connections } from './connections';
import { describeError, errorDetail } from '../text/errorText';
import { withCancellableProgress } from '../input/progress';
import type { SecretName, Secrets } from './secrets';
import type { Session } from './session';
import { checkBaseUrl } from './settings';
import type { UserInput } from '../input/userInput';
import { notify, showLogAction, signInAction } from '../commands/notify';

/** What the sign-in flow works with: the session of the connection to sign in to. */
export interface SignInDeps {
  readonly session: Session;
  readonly connections: Pick<Connections, 'update' | 'list'>;
  readonly secrets: Secrets;
  readonly ui: UserInput;
  readonly log: Logger;
}

/**
 * Sign In to one connection: asks for whatever is missing (an address it
 * cannot use, the password, the key), checks it with a real request and
 * keeps the secrets only when the service accepted them. Returns whether
 * that connection is signed in afterwards.
 */
export async function signIn({ session, connections, secrets, ui, log }: SignInDeps): Promise<boolean> {
  const wanted = session.signInBegins();
  let s = session.settings();
  const askUrl = checkBaseUrl(s.baseUrl, s.allowInsecureHttp) !== undefined;
  // Counted over the prompts shown. A new address has no stored secrets, so both are counted then.
  const steps = new StepTitles(Number(askUrl) + 2, connections.list.length > 1 ? connectionName(session.connection) : undefined);
  if (askUrl) {
    const url = await ui.inputBox({
      title: steps.next(),
      prompt: checkBaseUrl(s.baseUrl, s.allowInsecureHttp) ?? '',
      value: s.baseUrl,
      placeHolder: 'https://dsas.example.com/service/v1.1',
      validate: (v) => checkBaseUrl(v.trim(), s.allowInsecureHttp),
    });
    if (typeof url !== 'string') return false;
    await connections.update(session.connection.id, { baseUrl: url.trim() });
    s = session.settings();
  }
  // A secret refused while signed in is asked again even if its removal has not finished yet.
  const refused = (name: SecretName) => session.refusedSecret(s) === name;
  const stored = async (name: SecretName) => (refused(name) ? undefined : await secrets.get(s, name));
  const refusedNote = (name: SecretName) => (refused(name) ? `${vscode.l10n.t('The service refused the one stored before.')} ` : '');
  const [storedPassword, storedKey] = [await stored('password'), await stored('apiKey')];
  steps.remaining(Number(storedPassword === undefined) + Number(storedKey === undefined));
  const password = storedPassword ?? (await askSecret(ui, steps.next(), refusedNote('password') + vscode.l10n.t('Password for {0}', s.username)));
  if (password === undefined) return false;
  const apiKey = storedKey ?? (await askSecret(ui, steps.next(), refusedNote('apiKey') + vscode.l10n.t('API key of your account')));
  if (apiKey === undefined) return false;

  let client: ServiceClient;
  try {
    client = session.build(s, password, apiKey);
    await withCancellableProgress(vscode.l10n.t('Signing in to {0}…', new URL(s.baseUrl).host), (_p, signal) => client.listSubmissions({ signal }));
  } catch (e) {
    // Keep nothing the service refused, so that the next sign-in asks again.
    if (isServiceError(e, 'unauthorized')) await secrets.clearOne(s, 'password');
    if (isServiceError(e, 'keyRefused')) await secrets.clearOne(s, 'apiKey');
    log.warn(`Sign-in failed: ${errorDetail(e)}`);
    if (isServiceError(e, 'cancelled')) return false;
    void notify(ui, log, 'error', vscode.l10n.t('Sign-in failed. {0}', describeError(e)), [signInAction(vscode.l10n.t('Sign In Again')), showLogAction()]);
    return false;
  }
  // Signed out or removed while the service checked (or while the secrets were stored): the user's last word stands.
  const kept = wanted() ? [await secrets.store(s, 'password', password), await secrets.store(s, 'apiKey', apiKey)] : [];
  if (!wanted()) {
    if (kept.length) await secrets.clear(s);
    log.info('Signed out of the connection, or removed it, while its sign-in was checked: nothing was kept.');
    return false;
  }
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

/** "Sign In (n/total)" over the prompts actually shown; a single prompt is just "Sign In". With several connections: "Sign In to Test (n/total)". */
class StepTitles {
  private shown = 0;
  constructor(private total: number, private readonly connection?: string) {}

  /** Once the stored secrets are known: `count` prompts are left after those shown. */
  remaining(count: number): void {
    this.total = this.shown + count;
  }

  next(): string {
    this.shown++;
    const t = vscode.l10n.t;
    if (this.connection !== undefined) return this.total <= 1 ? t('Sign In to {0}', this.connection) : t('Sign In to {0} ({1}/{2})', this.connection, this.shown, this.total);
    return this.total <= 1 ? t('Sign In') : t('Sign In ({0}/{1})', this.shown, this.total);
  }
}
