// The reload run's second service: a sandbox of another user, password and
// key that the runner starts for the whole run, so that it lives across the
// window reload (one a suite starts ends with its extension host).
import { writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Connection } from '../../src/core';
import type { SandboxInfo } from './helpers';
import { archiveOn } from './otherServices';
import { api, connectionOf, runRecord, useAccount } from './session';

/** What the window before the reload left: the second connection, the workspace's then. */
export const SECOND_MARK = path.join(os.tmpdir(), 'dsas-reload-second-mark.json');

/** The title of the one archive file the second service holds. */
export const SECOND_TITLE = 'Only on the second service';

export function secondService(): SandboxInfo {
  const { DSAS_SECOND_URL: baseUrl, DSAS_SECOND_USER: user, DSAS_SECOND_PASSWORD: password, DSAS_SECOND_KEY: key } = process.env;
  if (!baseUrl || !user || !password || !key) throw new Error('no second sandbox: the runner starts one for the --reload run');
  runRecord().secrets.push(password, key);
  return { baseUrl, user, password, key };
}

/**
 * Just before the reload: the second service becomes a connection, signed in
 * (its secrets stored) and made the workspace's, the first staying signed in.
 */
export async function switchToSecond(): Promise<void> {
  const second = secondService();
  await archiveOn(second, SECOND_TITLE, 'second.txt', 'only here\n');
  const c: Connection = await connectionOf(second, 'Second service');
  await useAccount(second);
  const { deps } = await api();
  if (deps.session.connection?.id !== c.id || !deps.session.signedIn) throw new Error('the workspace is not on the second connection');
  writeFileSync(SECOND_MARK, JSON.stringify(c));
}
