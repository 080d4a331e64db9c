/**
 * How every page's messages are checked at runtime (each page's protocol file,
 * `*Protocol.ts`, has its checks beside its types). A message crosses a
 * process boundary, so its type annotation proves nothing: each side checks
 * what it receives and ignores what does not match. One check per message
 * type; the tables are keyed by the union's `type`, so a new message type
 * that is not checked is a compile error.
 */

export type Fields = Readonly<Record<string, unknown>>;
/** A check of one message type's fields (its `type` is already known). */
type Checks<M extends { type: string }> = { readonly [K in M['type']]: (m: Fields) => boolean };
export type MessageCheck<M> = (m: unknown) => m is M;

export const isRecord = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
export const isOptional = <T>(check: (v: unknown) => v is T) => (v: unknown): v is T | undefined => v === undefined || check(v);
export const isArrayOf = <T>(check: (v: unknown) => boolean) => (v: unknown): v is T[] => Array.isArray(v) && v.every(check);
export const none = (): boolean => true;
// By tag, not instanceof: a cloned message may come from another realm (frame).
export const isBytes = (v: unknown): v is Uint8Array => Object.prototype.toString.call(v) === '[object Uint8Array]';

/** A checker for the union whose per-type checks are `checks`. */
export function messageCheck<M extends { type: string }>(checks: Checks<M>): MessageCheck<M> {
  return (m: unknown): m is M => {
    if (!isRecord(m) || !isString(m.type) || !Object.prototype.hasOwnProperty.call(checks, m.type)) return false;
    return (checks as Readonly<Record<string, (m: Fields) => boolean>>)[m.type](m);
  };
}
