// The Chromium the host tests open the workbench in, found without an apt
// step: a path the developer names, else a Chromium or Chrome installed on the
// machine, else (Linux x64) the Chromium inside the npm package
// @sparticuz/chromium, unpacked once into .vscode-test/.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { LaunchOptions } from 'playwright-core';
import { ROOT } from '../../tools/codeServer';

export const BROWSER_ENV = 'DSAS_CHROMIUM';
/** The suite's own arguments, whichever browser runs: never the npm package's (they switch off web security). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const INSTALLED_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];
/** Where Playwright's `chrome` channel finds Google Chrome. */
function chromeLocations(): string[] {
  if (process.platform === 'darwin') return ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];
  if (process.platform === 'win32') {
    return [process.env.LOCALAPPDATA, process.env.PROGRAMFILES, process.env['PROGRAMFILES(X86)']]
      .filter((d): d is string => Boolean(d))
      .map((d) => path.join(d, 'Google', 'Chrome', 'Application', 'chrome.exe'));
  }
  return ['/opt/google/chrome/chrome'];
}

export interface FoundBrowser {
  /** How it was found, for the run's first lines. */
  description: string;
  launch: Pick<LaunchOptions, 'executablePath' | 'channel' | 'env'>;
}

/** The package's version decides the folder, so that an upgrade unpacks anew. */
function packagedVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', '@sparticuz', 'chromium', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/**
 * Unpacks the npm package's Chromium into .vscode-test/chromium-VERSION/ on
 * first use. The package unpacks into the temporary folder (shared between
 * checkouts, never versioned), so it is pointed at a staging folder here and
 * the result is moved into place only once complete: an interrupted unpack
 * is never taken for a browser.
 */
async function unpackPackaged(): Promise<FoundBrowser> {
  const version = packagedVersion();
  const dir = path.join(ROOT, '.vscode-test', `chromium-${version}`);
  const binary = path.join(dir, 'chromium');
  if (!existsSync(path.join(dir, '.complete'))) {
    const started = Date.now();
    const staging = `${dir}.partial`;
    rmSync(staging, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = staging; // os.tmpdir() is where the package unpacks
    try {
      const { default: chromium } = await import('@sparticuz/chromium');
      await chromium.executablePath(path.join(ROOT, 'node_modules', '@sparticuz', 'chromium', 'bin'));
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
    // Fonts: the machine's own set-up where it has one, plus the package's, so that text never renders blank.
    writeFileSync(path.join(staging, 'fonts.conf'), [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      '<fontconfig>',
      '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
      `  <dir>${path.join(dir, 'fonts')}</dir>`,
      `  <cachedir>${path.join(dir, 'fontconfig-cache')}</cachedir>`,
      '</fontconfig>',
      '',
    ].join('\n'));
    writeFileSync(path.join(staging, '.complete'), `${version}\n`);
    renameSync(staging, dir);
    console.log(`host: unpacked the Chromium of @sparticuz/chromium ${version} into ${path.relative(ROOT, dir)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return {
    description: `Chromium of @sparticuz/chromium ${version} (${path.relative(ROOT, binary)})`,
    launch: { executablePath: binary, env: { ...process.env, FONTCONFIG_FILE: path.join(dir, 'fonts.conf') } },
  };
}

/**
 * Finds the browser, in this order: DSAS_CHROMIUM; Chromium installed on the
 * machine; Google Chrome (Playwright's `chrome` channel); on Linux x64 the
 * npm package's Chromium. Throws a message that says what to do otherwise.
 */
export async function findBrowser(): Promise<FoundBrowser> {
  const named = process.env[BROWSER_ENV];
  if (named) {
    if (!existsSync(named)) throw new Error(`${BROWSER_ENV} names ${named}, which does not exist`);
    return { description: `${named} (from ${BROWSER_ENV})`, launch: { executablePath: named } };
  }
  const installed = INSTALLED_CHROMIUM.find((p) => existsSync(p));
  if (installed) return { description: installed, launch: { executablePath: installed } };
  const chrome = chromeLocations().find((p) => existsSync(p));
  if (chrome) return { description: `Google Chrome (${chrome})`, launch: { channel: 'chrome' } };
  if (process.platform === 'linux' && process.arch === 'x64') return unpackPackaged();
  throw new Error(`No Chromium or Chrome found for the host tests. Install Google Chrome, or set ${BROWSER_ENV} to the path of a Chromium or Chrome binary.`);
}
