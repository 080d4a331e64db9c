import type { Logger } from '../src/core';

/**
 * Counts the requests a client sends (401 challenges included), from its log:
 * the client writes one line per request, "<operation> -> <status> (…)" or
 * "<operation> failed: …". Pass `logger` in the client's options; `inner`
 * still gets every line.
 */
export function requestCounter(inner?: Logger): { readonly logger: Logger; readonly count: number } {
  let count = 0;
  const logger: Logger = {
    debug: (m) => inner?.debug(m),
    info: (m) => {
      if (/^[A-Z]+ \S.* (-> \d{3} \(\d+ ms|failed: \w+ \(\d+ ms\)$)/.test(m)) count++;
      inner?.info(m);
    },
    warn: (m) => inner?.warn(m),
    error: (m) => inner?.error(m),
  };
  return { logger, get count() { return count; } };
}
