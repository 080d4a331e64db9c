// The --installed run installs the package `npm run package` makes.
import * as path from 'node:path';
import { packageVsix as build } from '../../scripts/package';

/** Writes `<dir>/dsas-vscode.vsix` and returns its path. */
export function packageVsix(dir: string): string {
  return build(path.join(dir, 'dsas-vscode.vsix'));
}
