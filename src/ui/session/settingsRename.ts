import * as vscode from 'vscode';
import type { Logger } from '../../core';

/**
 * Keys renamed since 0.1, new name → old name. The Settings editor derives a
 * setting's label from its key, and `allowInsecureHTTP` reads "Allow Insecure
 * HTTP" where `allowInsecureHttp` read "Http". (0.1's `baseUrl` and
 * `username` became a connection, with `baseURL` and `userName`: connections.ts.)
 */
export const RENAMED = { allowInsecureHTTP: 'allowInsecureHttp' } as const;
export type RenamedKey = keyof typeof RENAMED;

/** The user's value under a renamed key's old name (user settings only, as for the new key). */
export function oldUserValue<T>(c: vscode.WorkspaceConfiguration, key: string): T | undefined {
  const old = (RENAMED as Record<string, string>)[key];
  return old === undefined ? undefined : c.inspect<T>(old)?.globalValue;
}

/**
 * Moves the user's values from the old keys to the new ones (a value already
 * under the new key wins) and removes the old ones. Until it is done,
 * `readSettings` reads the old value, so nothing waits for it.
 */
export async function moveRenamedSettings(section: string, log: Logger): Promise<void> {
  const c = vscode.workspace.getConfiguration(section);
  for (const [key, old] of Object.entries(RENAMED)) {
    const was = c.inspect(old)?.globalValue;
    if (was === undefined) continue;
    if (c.inspect(key)?.globalValue === undefined) await c.update(key, was, vscode.ConfigurationTarget.Global);
    await c.update(old, undefined, vscode.ConfigurationTarget.Global);
    log.info(`Settings: "${section}.${old}" is now "${section}.${key}"; its value was moved.`);
  }
}
