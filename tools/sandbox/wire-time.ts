// The spec leaves time formats open; the sandbox decided on
// `YYYY-MM-DD HH:MM:SS` (UTC) for submission times and Unix seconds for the
// archive's atime/mtime/ctime.

/** `YYYY-MM-DD HH:MM:SS` in UTC, or '' when the time is not set (emitted as an empty element). */
export function formatSubmissionTime(ms: number | undefined): string {
  if (ms === undefined) return '';
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** Whole seconds, so what is stored equals what a client can read back. */
export function nowMs(): number {
  return Math.floor(Date.now() / 1000) * 1000;
}
