// Fault injection rules. `delay` is matched when a request arrives (so it
// also slows the 401 challenge); every other kind is matched only after auth
// and key checks passed, so the Digest round trip never consumes a fault.

export const FAULT_KINDS = ['delay', 'status', 'drop', 'malformed', 'notXml', 'statusNotOk', 'slowBody', 'empty', 'disposition', 'hangUp', 'storedLate', 'padded'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  /** HTTP method, case-insensitive; any when absent. */
  method?: string;
  /** RegExp source matched against the path after the base path (no query), e.g. `^/archives/\d+/`. */
  path?: string;
  /** How many matching requests it applies to (default 1, unless `rate` is given: then unlimited). */
  times?: number;
  /** 0..1: probability that a matching request is hit. */
  rate?: number;
  kind: FaultKind;
  /** delay: wait before answering (default 1000; `release()` ends every wait at once); slowBody: pause between chunks (default 50); storedLate: how long after it arrived the request is stored (default 3000). */
  ms?: number;
  /** status: HTTP status to answer with (default 503). */
  status?: number;
  /** status: body format (default xml). */
  body?: 'xml' | 'html';
  /** drop: bytes of the response body (or, for requests with a body, of the request body) before the cut. */
  afterBytes?: number;
  /** slowBody: bytes per chunk (default 16). */
  chunkBytes?: number;
  /** padded: how many bytes an XML comment after the answer's root element adds (the same answer, larger). */
  bytes?: number;
  /** disposition: the raw Content-Disposition value a download is sent with instead (hostile names). */
  value?: string;
}

export interface ActiveFault extends FaultRule {
  id: number;
  /** Requests the rule has applied to so far. */
  hits: number;
}

function isNonNegInt(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

/** Throws a readable Error when a rule cannot be used (the HTTP API answers 400 with it). */
export function validateRule(input: unknown): FaultRule {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error('a fault rule must be a JSON object');
  const r = input as Record<string, unknown>;
  const known = new Set(['method', 'path', 'times', 'rate', 'kind', 'ms', 'status', 'body', 'afterBytes', 'chunkBytes', 'value', 'bytes']);
  for (const k of Object.keys(r)) if (!known.has(k)) throw new Error(`unknown fault rule field "${k}"`);
  if (typeof r.kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(r.kind)) {
    throw new Error(`fault kind must be one of ${FAULT_KINDS.join(', ')}`);
  }
  if (r.method !== undefined && typeof r.method !== 'string') throw new Error('method must be a string');
  if (r.kind === 'disposition' && typeof r.value !== 'string') throw new Error('a disposition fault needs a string value');
  if (r.path !== undefined) {
    if (typeof r.path !== 'string') throw new Error('path must be a RegExp source string');
    try {
      new RegExp(r.path);
    } catch (e) {
      throw new Error(`path is not a valid RegExp: ${(e as Error).message}`);
    }
  }
  if (r.times !== undefined && (!isNonNegInt(r.times) || r.times < 1)) throw new Error('times must be a positive integer');
  if (r.rate !== undefined && (typeof r.rate !== 'number' || r.rate < 0 || r.rate > 1)) throw new Error('rate must be between 0 and 1');
  for (const k of ['ms', 'afterBytes', 'bytes'] as const) {
    if (r[k] !== undefined && !isNonNegInt(r[k])) throw new Error(`${k} must be a non-negative integer`);
  }
  if (r.chunkBytes !== undefined && (!isNonNegInt(r.chunkBytes) || r.chunkBytes < 1)) throw new Error('chunkBytes must be a positive integer');
  if (r.status !== undefined && (!isNonNegInt(r.status) || r.status < 100 || r.status > 599)) throw new Error('status must be an HTTP status code');
  if (r.body !== undefined && r.body !== 'xml' && r.body !== 'html') throw new Error('body must be "xml" or "html"');
  return r as unknown as FaultRule;
}

interface Entry {
  rule: ActiveFault;
  regex?: RegExp;
  remaining: number; // Infinity for rate-only rules
}

export class FaultController {
  private entries: Entry[] = [];
  private nextId = 1;
  /** The `delay` waits under way: each ends it. */
  private readonly waits = new Set<() => void>();

  /** Adds a rule; returns its id. */
  add(rule: FaultRule): number {
    const valid = validateRule(rule);
    const id = this.nextId++;
    const remaining = valid.times ?? (valid.rate !== undefined ? Infinity : 1);
    this.entries.push({ rule: { ...valid, id, hits: 0 }, regex: valid.path !== undefined ? new RegExp(valid.path) : undefined, remaining });
    return id;
  }

  remove(id: number): boolean {
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => e.rule.id !== id);
    return this.entries.length !== before;
  }

  clear(): void {
    this.entries = [];
  }

  list(): ActiveFault[] {
    return this.entries.map((e) => ({ ...e.rule }));
  }

  /** Waits as long as the `delay` rule taken says, or until release(). */
  delay(rule: ActiveFault): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.waits.delete(end);
        resolve();
      };
      const timer = setTimeout(end, rule.ms ?? 1000);
      this.waits.add(end);
    });
  }

  /** Ends every `delay` wait under way: the requests held go on at once. How many there were. */
  release(): number {
    const n = this.waits.size;
    for (const end of [...this.waits]) end();
    return n;
  }

  /** Consumes and returns the first matching `delay` rule. */
  takeDelay(method: string, subPath: string): ActiveFault | undefined {
    return this.take(method, subPath, (k) => k === 'delay');
  }

  /** Consumes and returns the first matching rule of any other kind. */
  takeFault(method: string, subPath: string): ActiveFault | undefined {
    return this.take(method, subPath, (k) => k !== 'delay');
  }

  private take(method: string, subPath: string, kindOk: (k: FaultKind) => boolean): ActiveFault | undefined {
    for (const e of this.entries) {
      if (!kindOk(e.rule.kind)) continue;
      if (e.rule.method !== undefined && e.rule.method.toUpperCase() !== method.toUpperCase()) continue;
      if (e.regex && !e.regex.test(subPath)) continue;
      if (e.rule.rate !== undefined && Math.random() >= e.rule.rate) continue;
      e.remaining--;
      e.rule.hits++;
      if (e.remaining <= 0) this.entries = this.entries.filter((x) => x !== e);
      return { ...e.rule };
    }
    return undefined;
  }
}
