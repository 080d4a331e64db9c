// Helpers for tests that run inside the extension host.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { format } from 'node:util';
import * as vscode from 'vscode';
import manifest from '../../package.json';

export const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

const mark = process.env.DSAS_HOST_CONSOLE_MARK ?? '';

/**
 * console.log for host tests. The workbench page receives printf-style
 * arguments unformatted, so lines are formatted here; the offline runner's
 * mark tells the suite's lines from the workbench's own log. (VS Code does not
 * let console.log itself be replaced in the extension host.)
 */
export function log(...args: unknown[]): void {
  console.log(mark + format(...args));
}

/** Where host tests leave screenshots and measurements (git-ignored). */
export const ARTIFACTS = process.env.DSAS_TEST_ARTIFACTS ?? path.resolve(__dirname, '../../../test-artifacts');

export function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  return ext;
}

/** Writes `value` as JSON into the artifacts folder and returns the path. */
export function writeArtifact(name: string, value: unknown): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, name);
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  return file;
}

/** The sandbox service the runner started for this run, if any. */
export interface SandboxInfo {
  baseUrl: string;
  user: string;
  password: string;
  key: string;
}

export function sandbox(): SandboxInfo | undefined {
  const { DSAS_SANDBOX_URL: baseUrl, DSAS_SANDBOX_USER: user, DSAS_SANDBOX_PASSWORD: password, DSAS_SANDBOX_KEY: key } = process.env;
  return baseUrl && user && password && key ? { baseUrl, user, password, key } : undefined;
}

/**
 * Asks the runner for a screenshot of the whole workbench, saved as
 * test-artifacts/screenshots/<name>.png; resolves once it is written, with its
 * path. The extension host cannot drive the browser, so the offline runner
 * serves a loopback endpoint (DSAS_SCREENSHOT_URL) that takes the shot.
 * Without it (e.g. under @vscode/test-electron) this does nothing.
 */
export function screenshot(name: string): Promise<string | undefined> {
  const endpoint = process.env.DSAS_SCREENSHOT_URL;
  if (!endpoint) return Promise.resolve(undefined);
  return askRunner(`${endpoint}?name=${encodeURIComponent(name)}`, 'screenshot');
}

/**
 * Has the runner press Cancel on the newest notification that offers it and
 * includes `text` (waiting up to 10 s for one), as a user would; resolves
 * with that notification's text. Needs the offline runner.
 */
export async function pressCancelOnProgress(text: string): Promise<string> {
  const endpoint = process.env.DSAS_CANCEL_PROGRESS_URL;
  if (!endpoint) throw new Error('DSAS_CANCEL_PROGRESS_URL is not set: run through npm run test:host');
  return askRunner(`${endpoint}?text=${encodeURIComponent(text)}`, 'pressing Cancel');
}

/**
 * The text the workbench's sidebar shows now (a view's rows or its welcome
 * content), read from the page by the offline runner (DSAS_SIDEBAR_TEXT_URL):
 * the extension host cannot see what the workbench renders.
 */
export async function sidebarText(): Promise<string> {
  const endpoint = process.env.DSAS_SIDEBAR_TEXT_URL;
  if (!endpoint) throw new Error('DSAS_SIDEBAR_TEXT_URL is not set: run through npm run test:host');
  return askRunner(endpoint, 'reading the sidebar');
}

function askRunner(url: string, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', timeout: 20_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(body.trim()) : reject(new Error(`${what} failed: ${res.statusCode} ${body}`))));
    });
    req.on('timeout', () => req.destroy(new Error(`${what} timed out`)));
    req.on('error', reject);
    req.end();
  });
}
