/** What the client logs through. The UI passes a VS Code log channel; tests pass an array. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * Replaces every occurrence of the given secrets (and Digest/key header values)
 * in a text. Applied to anything taken from a response before it reaches an
 * error or a log line, in case a service echoes a request back.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s.length >= 3) out = out.split(s).join('[redacted]');
  }
  return out
    .replace(/(authorization\s*[:=]\s*)(digest|basic|bearer)\s[^\r\n]*/gi, '$1[redacted]')
    .replace(/(x-service-key\s*[:=]\s*)[^\r\n]*/gi, '$1[redacted]');
}
