// The httpd.conf and htdigest file of the interop suite: Apache does Digest
// authentication (mod_auth_digest) and passes authenticated requests to the
// sandbox through mod_proxy_http.
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { LOG_FORMAT } from './apacheLog';

export const APACHE_BIN = '/usr/sbin/apache2';
export const APACHE_MODULES = '/usr/lib/apache2/modules';

/** Loaded from APACHE_MODULES; log_config, logio and unixd are built into Debian's apache2. */
const MODULES = ['mpm_event', 'authz_core', 'authz_user', 'authn_core', 'authn_file', 'auth_digest', 'proxy', 'proxy_http'];

export interface ApacheConfig {
  /** ServerRoot: holds the config, the htdigest file, the logs and runtime files. */
  readonly root: string;
  readonly port: number;
  /** The sandbox's origin, e.g. http://127.0.0.1:PORT. */
  readonly backend: string;
  /** e.g. /dsas/v1.1, passed to the backend unchanged. */
  readonly basePath: string;
  readonly realm: string;
  readonly nonceLifetimeSeconds: number;
  /** Set when Apache starts as root: its workers then need an account to switch to. */
  readonly runAs?: string;
}

export const userFile = (root: string) => path.join(root, 'htdigest');
export const accessLogFile = (root: string) => path.join(root, 'access.log');
export const errorLogFile = (root: string) => path.join(root, 'error.log');

export function httpdConf(c: ApacheConfig): string {
  const q = (s: string) => `"${s}"`;
  return [
    `ServerRoot ${q(c.root)}`,
    'ServerName 127.0.0.1',
    `Listen 127.0.0.1:${c.port}`,
    `PidFile ${q(path.join(c.root, 'httpd.pid'))}`,
    `DefaultRuntimeDir ${q(c.root)}`,
    ...(c.runAs ? [`User ${c.runAs}`, `Group ${c.runAs}`] : []),
    ...MODULES.map((m) => `LoadModule ${m}_module ${q(path.join(APACHE_MODULES, `mod_${m}.so`))}`),
    `ErrorLog ${q(errorLogFile(c.root))}`,
    // info: mod_auth_digest says why it refused (password mismatch, nonce expired).
    'LogLevel warn auth_digest:info',
    `LogFormat "${LOG_FORMAT}" interop`,
    `CustomLog ${q(accessLogFile(c.root))} interop`,
    `<Location ${c.basePath}>`,
    '  AuthType Digest',
    `  AuthName ${q(c.realm)}`,
    '  AuthDigestProvider file',
    `  AuthUserFile ${q(userFile(c.root))}`,
    // mod_auth_digest offers no other algorithm: SHA-256 and MD5-sess are refused as "Unsupported algorithm".
    '  AuthDigestAlgorithm MD5',
    `  AuthDigestNonceLifetime ${c.nonceLifetimeSeconds}`,
    '  Require valid-user',
    '</Location>',
    // nocanon: the path reaches the backend exactly as the client sent it.
    `ProxyPass ${c.basePath} ${c.backend}${c.basePath} nocanon`,
    `ProxyPassReverse ${c.basePath} ${c.backend}${c.basePath}`,
    '',
  ].join('\n');
}

/** One htdigest line; mod_authn_file reads the file on every request, so rewriting it changes the password at once. */
export function htdigestLine(user: string, realm: string, password: string): string {
  return `${user}:${realm}:${createHash('md5').update(`${user}:${realm}:${password}`).digest('hex')}\n`;
}
