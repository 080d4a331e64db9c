// More sandboxes, standing for other services (other accounts) whose ids
// count up from the same start as every service's: submission 1 and archive
// file 201 of one are not those of another.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ServiceClient } from '../../src/core';
import { startSandbox, type Sandbox } from '../../tools/sandbox';
import type { Connection } from '../../src/core';
import { removeWorkspaceFolder, tempDir } from './fixtures';
import { connectionOf, requireSandbox, runRecord, signIn, useAccount } from './session';

/** A client of `sb`'s own account, outside the extension (to set up what a test needs there). */
/** A service's address and account, as a sandbox or the runner tells them. */
type Account = Pick<Sandbox, 'baseUrl' | 'user' | 'password' | 'key'>;

export const clientOf = (sb: Account): ServiceClient => new ServiceClient({ baseUrl: sb.baseUrl, credentials: { username: sb.user, password: sb.password, apiKey: sb.key } });

/** The services a suite starts; `close()` puts the extension back on the run's sandbox and ends them all. */
export class OtherServices {
  private readonly started: Sandbox[] = [];

  /** A new service whose one user is `user`; its secrets join the run's leak search. */
  async start(user: string): Promise<Sandbox> {
    const sb = await startSandbox({ user, password: `pw-${user}-${Date.now()}`, key: `key-${user}-${Date.now()}` });
    runRecord().secrets.push(sb.password, sb.key);
    this.started.push(sb);
    return sb;
  }

  /** `sb`'s connection, named `name`, signed in once so that its secrets are stored; the workspace back on the run's sandbox. */
  async connected(sb: Sandbox, name: string): Promise<Connection> {
    const c = await connectionOf(sb, name);
    await useAccount(sb);
    await useAccount(requireSandbox());
    return c;
  }

  async close(): Promise<void> {
    await useAccount(requireSandbox());
    await Promise.all(this.started.splice(0).map((s) => s.close()));
  }

  /** A suite's end: these services closed, the run's sandbox the only connection, signed in, and the suite's workspace folders removed. */
  async end(...folders: string[]): Promise<void> {
    await this.close();
    await signIn();
    for (const f of folders) await removeWorkspaceFolder(f);
  }
}

/** Archives `bytes` on `sb` as `name`, titled `title`; the new file's id. */
export async function archiveOn(sb: Account, title: string, name: string, bytes: Buffer | string): Promise<string> {
  const dir = tempDir('dsas-other-services-');
  writeFileSync(path.join(dir, name), bytes);
  const { id } = await clientOf(sb).uploadArchiveFile({ path: path.join(dir, name), title, name });
  await vscode.workspace.fs.delete(vscode.Uri.file(dir), { recursive: true });
  return id;
}
