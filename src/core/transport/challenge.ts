/** One `WWW-Authenticate` challenge: its scheme and parameters (names lower-cased). */
export interface Challenge {
  readonly scheme: string;
  readonly params: Readonly<Record<string, string>>;
  /** The challenge's own text, for libraries that parse it themselves. */
  readonly raw: string;
}

/**
 * Parses `WWW-Authenticate` header values into challenges (RFC 9110 11.6.1).
 * Several challenges may share one header value, separated by commas, so a
 * new challenge is recognised where a token is followed by a space and not `=`.
 */
export function parseChallenges(values: readonly string[]): Challenge[] {
  const out: Challenge[] = [];
  for (const value of values) {
    let i = 0;
    let current: { scheme: string; params: Record<string, string>; start: number } | undefined;
    const finish = (end: number): void => {
      if (current) out.push({ scheme: current.scheme, params: current.params, raw: value.slice(current.start, end).replace(/[\s,]+$/, '') });
    };
    while (i < value.length) {
      i = skip(value, i, /[\s,]/);
      if (i >= value.length) break;
      const tokenMatch = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/.exec(value.slice(i));
      if (!tokenMatch) break; // malformed: keep what was read
      const token = tokenMatch[0];
      const after = skip(value, i + token.length, /[ \t]/);
      if (value[after] === '=') {
        // auth-param of the current challenge
        let j = skip(value, after + 1, /[ \t]/);
        let paramValue: string;
        if (value[j] === '"') {
          let v = '';
          j++;
          while (j < value.length && value[j] !== '"') {
            if (value[j] === '\\' && j + 1 < value.length) j++;
            v += value[j++];
          }
          paramValue = v;
          j++;
        } else {
          const m = /^[^,\s]*/.exec(value.slice(j));
          paramValue = m ? m[0] : '';
          j += paramValue.length;
        }
        if (current) current.params[token.toLowerCase()] = paramValue;
        i = j;
      } else {
        finish(i);
        current = { scheme: token, params: {}, start: i };
        i = i + token.length;
      }
    }
    finish(value.length);
  }
  return out;
}

function skip(s: string, i: number, re: RegExp): number {
  while (i < s.length && re.test(s[i])) i++;
  return i;
}
