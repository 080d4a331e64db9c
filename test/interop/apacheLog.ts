// Apache's access log for the interop suite: the format we configure and its
// parser. Authorization and WWW-Authenticate are logged whole (they carry a
// digest response and a nonce, never a password) so the tests can read nonce,
// nc, algorithm and stale from them; the tests print only counts and flags.

/** Tab-separated: Apache escapes control characters in logged values, so a tab never occurs inside one. */
export const LOG_FORMAT = ['%m', '%U', '%>s', '%I', '%{Authorization}i', '%{WWW-Authenticate}o'].join('\\t');

export interface ApacheLogEntry {
  readonly method: string;
  /** The URL path Apache saw (decoded, no query). */
  readonly path: string;
  readonly status: number;
  /** Bytes Apache received for the request: request line, headers and body (mod_logio %I). */
  readonly bytesIn: number;
  readonly hasAuthorization: boolean;
  /** From the request's Authorization header, when there was one. */
  readonly nonce?: string;
  readonly nc?: string;
  readonly algorithm?: string;
  /** From the 401's challenge, when there was one. */
  readonly challengeNonce?: string;
  readonly stale: boolean;
}

export function parseAccessLog(text: string): ApacheLogEntry[] {
  return text.split('\n').filter((l) => l !== '').map(parseLine);
}

function parseLine(line: string): ApacheLogEntry {
  const f = line.split('\t');
  if (f.length !== 6) throw new Error(`unexpected Apache access log line with ${f.length} fields`);
  const [method, path, status, bytesIn, authorization, challenge] = f.map(unescape);
  const auth = authorization === '-' ? undefined : digestParams(authorization);
  const ch = challenge === '-' ? undefined : digestParams(challenge);
  return {
    method,
    path,
    status: Number(status),
    bytesIn: Number(bytesIn),
    hasAuthorization: auth !== undefined,
    nonce: auth?.nonce,
    nc: auth?.nc,
    // Absent means MD5 (RFC 7616 3.4); a client may leave it out.
    algorithm: auth ? (auth.algorithm ?? 'MD5') : undefined,
    challengeNonce: ch?.nonce,
    stale: (ch?.stale ?? '').toLowerCase() === 'true',
  };
}

/** Undoes Apache's log escaping of `"` and `\`. */
function unescape(v: string): string {
  return v.replace(/\\(["\\])/g, '$1');
}

/** `Digest k=v, k="v"` parameters with lower-cased names. */
function digestParams(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([\w*-]+)=(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g;
  for (let m = re.exec(header); m; m = re.exec(header)) out[m[1].toLowerCase()] = m[2] ?? m[3];
  return out;
}
