import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * Checking a file against the `hash` the archive recorded for it. The spec
 * says only "hexadecimal digest text", so the algorithm is told from the
 * number of hex digits: a length that names none is not checked.
 */
export type HashAlgorithm = 'MD5' | 'SHA-1' | 'SHA-256' | 'SHA-512';

const BY_LENGTH: ReadonlyMap<number, HashAlgorithm> = new Map([[32, 'MD5'], [40, 'SHA-1'], [64, 'SHA-256'], [128, 'SHA-512']]);
const NODE_NAME: Readonly<Record<HashAlgorithm, string>> = { 'MD5': 'md5', 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-512': 'sha512' };

/** Why a recorded hash cannot be checked. */
export type UncheckableReason = 'empty' | 'notHex' | 'unknownLength';

/** A recorded hash as a check needs it (`hex` in lower case), or why it allows none. */
export type RecordedHash =
  | { readonly algorithm: HashAlgorithm; readonly hex: string }
  | { readonly algorithm: undefined; readonly reason: UncheckableReason };

/** Reads the algorithm from the length of the hex text (case-insensitive; surrounding blanks ignored). */
export function recordedHash(text: string): RecordedHash {
  const hex = text.trim().toLowerCase();
  if (hex === '') return { algorithm: undefined, reason: 'empty' };
  if (!/^[0-9a-f]+$/.test(hex)) return { algorithm: undefined, reason: 'notHex' };
  const algorithm = BY_LENGTH.get(hex.length);
  return algorithm ? { algorithm, hex } : { algorithm: undefined, reason: 'unknownLength' };
}

/** A digest fed chunk by chunk as bytes pass, so that a file is not read a second time. */
export interface Digester {
  update(chunk: Uint8Array): void;
  /** Lower-case hex; call once. */
  digest(): string;
}

export function createDigester(algorithm: HashAlgorithm): Digester {
  const h = createHash(NODE_NAME[algorithm]);
  return {
    update: (chunk) => void h.update(chunk),
    digest: () => h.digest('hex'),
  };
}

/** The digest of a file on disk, read as a stream (never whole into memory). */
export async function hashFile(path: string, algorithm: HashAlgorithm, signal?: AbortSignal): Promise<string> {
  const d = createDigester(algorithm);
  for await (const chunk of createReadStream(path, { signal })) d.update(chunk as Buffer);
  return d.digest();
}

/** The outcome of a check that could be made. */
export interface HashCheck {
  /** The hash text as the archive recorded it (to tell whether a later detail still shows the same). */
  readonly recorded: string;
  readonly algorithm: HashAlgorithm;
  /** Lower-case hex of the recorded hash. */
  readonly expected: string;
  /** Lower-case hex of the bytes checked. */
  readonly actual: string;
  readonly matches: boolean;
}

/** Compares a computed digest with the recorded one, ignoring case. */
export function compareHash(recorded: string, expected: { algorithm: HashAlgorithm; hex: string }, actual: string): HashCheck {
  const hex = actual.toLowerCase();
  return { recorded, algorithm: expected.algorithm, expected: expected.hex, actual: hex, matches: hex === expected.hex };
}

/** A check of a file on disk, or why none could be made from the recorded text. */
export async function checkFileHash(path: string, recorded: string, signal?: AbortSignal): Promise<HashCheck | UncheckableReason> {
  const expected = recordedHash(recorded);
  if (expected.algorithm === undefined) return expected.reason;
  return compareHash(recorded, expected, await hashFile(path, expected.algorithm, signal));
}

/**
 * A check made as the bytes pass (a download being written): feed `onData`
 * every chunk, then read `result()` once all of them went by.
 */
export function passingCheck(recorded: string): { onData(chunk: Uint8Array): void; result(): HashCheck | UncheckableReason } {
  const expected = recordedHash(recorded);
  if (expected.algorithm === undefined) return { onData: () => undefined, result: () => expected.reason };
  const d = createDigester(expected.algorithm);
  return { onData: (chunk) => d.update(chunk), result: () => compareHash(recorded, expected, d.digest()) };
}

/** A digest short enough for a message: its first 12 digits. */
export function shortDigest(hex: string): string {
  return hex.length > 12 ? `${hex.slice(0, 12)}…` : hex;
}
