// Test/demo control over HTTP, outside the base path, without auth, from
// loopback addresses only: faults, simulated recipient responses, the
// access log, the stored data (for tests in another process), a simulated
// restart of the nonce store, a change of the account's credentials, the
// hash an archive file's detail reports (to test a client's hash check), and
// the removal of a submission (an outsized one a suite made for itself).
import type { RequestContext } from './request-context';
import { HttpError, jsonReply, type Reply } from './replies';
import type { FaultController } from './faults';
import type { AccessLogEntry, Outcome } from './types';

export interface ControlHooks {
  faults: FaultController;
  accessLog: AccessLogEntry[];
  respond(submissionId: string, opts: { email?: string; outcome?: Outcome; comment?: string; endorsement?: string }): unknown;
  forgetNonces(): void;
  /** Changes the account's password and/or API key, as an administrator would. */
  setCredentials(change: { password?: string; key?: string }): void;
  /** Sets the hash an archive file's detail reports (any text); throws when there is no such file. */
  setArchiveHash(id: string, hash: string): void;
  /** Takes a submission out of the data; throws when there is none of that id. */
  removeSubmission(id: string): void;
  /** The stored data for assertions from another process: records, package XML texts. */
  state(): unknown;
}

function isLoopback(addr: string | undefined): boolean {
  return addr !== undefined && (addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.'));
}

async function jsonBody(ctx: RequestContext): Promise<Record<string, unknown>> {
  const text = await ctx.bodyText();
  try {
    const v: unknown = JSON.parse(text || '{}');
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, unknown>;
  } catch (e) {
    throw new HttpError(400, `body must be a JSON object: ${(e as Error).message}`);
  }
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new HttpError(400, `${key} must be a string`);
  return v;
}

/** Access log entries without the raw Authorization header. */
export function publicLog(entries: AccessLogEntry[]): AccessLogEntry[] {
  return entries.map(({ authorization: _omit, ...rest }) => rest);
}

async function handle(ctx: RequestContext, hooks: ControlHooks, route: string): Promise<Reply> {
  const m = ctx.method;
  if (route === '/faults' && m === 'POST') {
    const rule = await jsonBody(ctx);
    try {
      const id = hooks.faults.add(rule as never);
      return jsonReply({ id, faults: hooks.faults.list() }, 201);
    } catch (e) {
      throw new HttpError(400, (e as Error).message);
    }
  }
  if (route === '/faults' && m === 'GET') return jsonReply({ faults: hooks.faults.list() });
  if (route === '/faults' && m === 'DELETE') {
    const n = hooks.faults.list().length;
    hooks.faults.clear();
    return jsonReply({ cleared: n });
  }
  if (route === '/faults/release' && m === 'POST') return jsonReply({ released: hooks.faults.release() });
  if (route === '/respond' && m === 'POST') {
    const body = await jsonBody(ctx);
    const submissionId = optionalString(body, 'submissionId');
    if (!submissionId) throw new HttpError(400, 'submissionId is required (a string)');
    const outcome = optionalString(body, 'outcome');
    if (outcome !== undefined && !['accept', 'reject', 'clarify'].includes(outcome)) throw new HttpError(400, 'outcome must be accept, reject or clarify');
    try {
      const result = hooks.respond(submissionId, {
        email: optionalString(body, 'email'),
        outcome: outcome as Outcome | undefined,
        comment: optionalString(body, 'comment'),
        endorsement: optionalString(body, 'endorsement'),
      });
      return jsonReply(result);
    } catch (e) {
      const message = (e as Error).message;
      throw new HttpError(/^no submission/.test(message) ? 404 : /already|every recipient/.test(message) ? 409 : 400, message);
    }
  }
  if (route === '/log' && m === 'GET') return jsonReply(publicLog(hooks.accessLog));
  if (route === '/state' && m === 'GET') return jsonReply(hooks.state());
  if (route === '/credentials' && m === 'POST') {
    const body = await jsonBody(ctx);
    const change = { password: optionalString(body, 'password'), key: optionalString(body, 'key') };
    if (change.password === '' || change.key === '' || (change.password === undefined && change.key === undefined)) {
      throw new HttpError(400, 'give a new password and/or key (non-empty strings)');
    }
    if (change.key !== undefined && /[^\x20-\x7E]|"/.test(change.key)) throw new HttpError(400, 'a key is printable ASCII without quotes');
    hooks.setCredentials(change);
    return jsonReply({ changed: Object.keys(change).filter((k) => change[k as keyof typeof change] !== undefined) });
  }
  if (route === '/archive-hash' && m === 'POST') {
    const body = await jsonBody(ctx);
    const id = optionalString(body, 'id');
    const hash = optionalString(body, 'hash');
    if (!id || hash === undefined) throw new HttpError(400, 'give the archive file id and the hash to report (strings)');
    try {
      hooks.setArchiveHash(id, hash);
    } catch (e) {
      throw new HttpError(404, (e as Error).message);
    }
    return jsonReply({ id, hash });
  }
  if (route === '/remove-submission' && m === 'POST') {
    const submissionId = optionalString(await jsonBody(ctx), 'submissionId');
    if (!submissionId) throw new HttpError(400, 'submissionId is required (a string)');
    try {
      hooks.removeSubmission(submissionId);
    } catch (e) {
      throw new HttpError(404, (e as Error).message);
    }
    return jsonReply({ removed: submissionId });
  }
  if (route === '/forget-nonces' && m === 'POST') {
    hooks.forgetNonces();
    return jsonReply({ forgotten: true });
  }
  throw new HttpError(404, `no control endpoint ${m} /__sandbox${route}`);
}

export async function controlReply(ctx: RequestContext, hooks: ControlHooks, route: string): Promise<Reply> {
  try {
    if (!isLoopback(ctx.req.socket.remoteAddress)) throw new HttpError(403, 'control endpoints answer loopback clients only');
    return await handle(ctx, hooks, route);
  } catch (e) {
    if (e instanceof HttpError) return jsonReply({ error: e.message }, e.status);
    throw e;
  }
}
