/** One `WWW-Authenticate` challenge: its scheme and parameters (names lower-cased). */
export interface Challenge {
  readonly scheme: string;
  readonly params: Readonly<Record<string, string>>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;
/** A token68 right after a scheme (RFC 9110 11.2): only a comma or the end may follow it. */
const TOKEN68 = /^([A-Za-z0-9\-._~+/]+=*)[ \t]*(?=,|$)/;

/**
 * Parses `WWW-Authenticate` header values into challenges (RFC 9110 11.6.1).
 * Several challenges may share one header value, separated by commas, so a
 * new challenge is recognised where a token is followed by a space and not `=`.
 * A token68 (`Negotiate abc==`) is kept under the parameter name `token68`.
 */
export function parseChallenges(values: readonly string[]): Challenge[] {
  const out: Challenge[] = [];
  for (const value of values) {
    let current: { scheme: string; params: Record<string, string> } | undefined;
    readItems(value, (item) => {
      if (item.kind === 'scheme') {
        current = { scheme: item.name, params: {} };
        out.push(current);
      } else if (current) {
        current.params[item.kind === 'param' ? item.name.toLowerCase() : 'token68'] = item.value;
      }
    });
  }
  return out;
}

/** Parses a list of auth-params without a scheme, as `Authentication-Info` carries (RFC 7616 3.5). */
export function parseAuthParams(value: string): Record<string, string> {
  const params: Record<string, string> = {};
  readItems(value, (item) => {
    if (item.kind === 'param') params[item.name.toLowerCase()] = item.value;
  });
  return params;
}

type Item = { kind: 'scheme'; name: string } | { kind: 'param'; name: string; value: string } | { kind: 'token68'; value: string };

/** Walks a header value: schemes, `name=value` parameters (quoted-strings unescaped) and token68s. */
function readItems(value: string, emit: (item: Item) => void): void {
  let i = 0;
  let afterScheme = false;
  while (i < value.length) {
    const from = i;
    i = skip(value, i, /[\s,]/);
    if (i >= value.length) break;
    // A token68 follows its scheme after a space; after a comma comes another challenge.
    const token68 = afterScheme && !value.slice(from, i).includes(',') ? TOKEN68.exec(value.slice(i)) : null;
    if (token68) {
      emit({ kind: 'token68', value: token68[1] });
      i += token68[0].length;
      afterScheme = false;
      continue;
    }
    const m = TOKEN.exec(value.slice(i));
    if (!m) break; // malformed: keep what was read
    const after = skip(value, i + m[0].length, /[ \t]/);
    if (value[after] === '=') {
      const { text, end } = readValue(value, skip(value, after + 1, /[ \t]/));
      emit({ kind: 'param', name: m[0], value: text });
      i = end;
      afterScheme = false;
    } else {
      emit({ kind: 'scheme', name: m[0] });
      i += m[0].length;
      afterScheme = true;
    }
  }
}

function readValue(s: string, j: number): { text: string; end: number } {
  if (s[j] !== '"') {
    const m = /^[^,\s]*/.exec(s.slice(j))!;
    return { text: m[0], end: j + m[0].length };
  }
  let v = '';
  j++;
  while (j < s.length && s[j] !== '"') {
    if (s[j] === '\\' && j + 1 < s.length) j++;
    v += s[j++];
  }
  return { text: v, end: j + 1 };
}

function skip(s: string, i: number, re: RegExp): number {
  while (i < s.length && re.test(s[i])) i++;
  return i;
}
