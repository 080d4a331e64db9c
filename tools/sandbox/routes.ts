// The eleven endpoints under the base path. Ids are matched as opaque path
// segments (kept as strings: 000417 is not 417); unknown ids give 404.
import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import type { RequestContext } from './request-context';
import { HttpError, xmlReply, type Reply } from './replies';
import type { SandboxStore } from './store';
import type { ArchiveRecord, SubmissionRecord } from './types';
import {
  archiveDetailXml, archiveListXml, historyXml, statusXml, submissionDetailXml, submissionListXml, uploadedXml,
} from './xml-replies';
import { createSubmission } from './create-submission';
import { renderSummaryPdf } from './summary-pdf';
import { decodeHeaderText, HeaderValueError } from './header-values';
import { streamToFile } from './multipart-upload';
import { mimeTypeFor } from './mime-types';
import { newTicket } from './store';
import { nowMs, unixSeconds } from './wire-time';

export interface RouteDeps {
  store: SandboxStore;
  user: string;
}

type Handler = (ctx: RequestContext, deps: RouteDeps, params: string[]) => Promise<Reply>;

interface Route {
  pattern: RegExp;
  methods: Record<string, Handler>;
}

function submissionOr404(store: SandboxStore, id: string): SubmissionRecord {
  const s = store.getSubmission(id);
  if (!s) throw new HttpError(404, `no submission with id ${id}`);
  return s;
}

function archiveOr404(store: SandboxStore, id: string): ArchiveRecord {
  const f = store.getArchive(id);
  if (!f) throw new HttpError(404, `no archive file with id ${id}`);
  return f;
}

/** The summary PDF is cached per content of the submission: any change makes a new one. */
async function summaryFile(store: SandboxStore, s: SubmissionRecord): Promise<{ path: string; size: number }> {
  const key = createHash('sha256').update(JSON.stringify(s)).digest('hex').slice(0, 16);
  const rel = `files/summaries/${s.id}-${key}.pdf`;
  const file = store.blobPath(rel);
  try {
    return { path: file, size: (await fsp.stat(file)).size };
  } catch {
    const bytes = await renderSummaryPdf(s);
    const tmp = store.tempPath('summary');
    await fsp.writeFile(tmp, bytes);
    await fsp.rename(tmp, file);
    const dir = store.blobPath('files/summaries');
    for (const old of await fsp.readdir(dir)) {
      if (old.startsWith(`${s.id}-`) && old !== `${s.id}-${key}.pdf`) await fsp.rm(`${dir}/${old}`, { force: true });
    }
    return { path: file, size: bytes.length };
  }
}

function requiredHeaderText(ctx: RequestContext, name: string): string {
  const raw = ctx.req.headers[name.toLowerCase()];
  if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) throw new HttpError(400, `header ${name} is required`);
  if (Array.isArray(raw)) throw new HttpError(400, `header ${name} must be sent once`);
  let value: string;
  try {
    value = decodeHeaderText(raw.trim(), name);
  } catch (e) {
    if (e instanceof HeaderValueError) throw new HttpError(400, e.message);
    throw e;
  }
  if (value.trim() === '') throw new HttpError(400, `header ${name} is empty after decoding`);
  return value;
}

async function uploadArchive(ctx: RequestContext, { store }: RouteDeps): Promise<Reply> {
  // Headers are checked before the body is read (or 100 Continue is sent).
  const title = requiredHeaderText(ctx, 'X-Service-Title');
  const name = requiredHeaderText(ctx, 'X-Service-Name');
  if (/[/\\]/.test(name)) throw new HttpError(400, `X-Service-Name must be a file name, not a path: "${name}"`);
  const tmp = store.tempPath('upload');
  try {
    const { size, sha256 } = await streamToFile(ctx.body(), tmp);
    const id = store.nextId('archive');
    const blob = `files/archives/${id}`;
    await fsp.rename(tmp, store.blobPath(blob));
    const t = unixSeconds(nowMs());
    store.addArchive({
      id, ticket: newTicket(), title, name, fullSize: size, mimetype: mimeTypeFor(name), hash: sha256,
      atime: t, mtime: t, ctime: t, parentFolder: '0', tags: [], blob,
    });
    await store.save();
    return xmlReply(uploadedXml(id));
  } finally {
    await fsp.rm(tmp, { force: true });
  }
}

const routes: Route[] = [
  {
    pattern: /^\/submissions$/,
    methods: {
      GET: async (_ctx, { store }) => xmlReply(submissionListXml([...store.submissions])),
      POST: async (ctx, { store, user }) => createSubmission(ctx, store, user),
    },
  },
  {
    pattern: /^\/submissions\/([^/]+)$/,
    methods: { GET: async (_ctx, { store }, [id]) => xmlReply(submissionDetailXml(submissionOr404(store, id))) },
  },
  {
    pattern: /^\/submissions\/([^/]+)\/history$/,
    methods: { GET: async (_ctx, { store }, [id]) => xmlReply(historyXml(submissionOr404(store, id))) },
  },
  {
    pattern: /^\/submissions\/([^/]+)\/status$/,
    methods: { GET: async (_ctx, { store }, [id]) => xmlReply(statusXml(submissionOr404(store, id))) },
  },
  {
    pattern: /^\/submissions\/([^/]+)\/summary$/,
    methods: {
      GET: async (_ctx, { store }, [id]) => {
        const s = submissionOr404(store, id);
        const f = await summaryFile(store, s);
        return { kind: 'file', status: 200, contentType: 'application/pdf', path: f.path, size: f.size, filename: `summary-${s.id}.pdf` };
      },
    },
  },
  {
    pattern: /^\/submissions\/([^/]+)\/attachment\/([^/]+)\/([^/]+)$/,
    methods: {
      GET: async (_ctx, { store }, [id, fileId, ticket]) => {
        const s = submissionOr404(store, id);
        const a = s.attachments.find((x) => x.id === fileId);
        if (!a) throw new HttpError(404, `no attachment ${fileId} on submission ${id}`);
        if (a.ticket !== ticket) throw new HttpError(404, `wrong ticket for attachment ${fileId}`);
        return { kind: 'file', status: 200, contentType: a.mimetype, path: store.blobPath(a.blob), size: a.size, filename: a.name };
      },
    },
  },
  {
    pattern: /^\/archives$/,
    methods: {
      GET: async (_ctx, { store }) => xmlReply(archiveListXml([...store.archives])),
      PUT: uploadArchive,
    },
  },
  {
    pattern: /^\/archives\/([^/]+)$/,
    methods: { GET: async (_ctx, { store }, [id]) => xmlReply(archiveDetailXml(archiveOr404(store, id))) },
  },
  {
    pattern: /^\/archives\/([^/]+)\/([^/]+)$/,
    methods: {
      GET: async (_ctx, { store }, [id, ticket]) => {
        const f = archiveOr404(store, id);
        if (f.ticket !== ticket) throw new HttpError(404, `wrong ticket for archive file ${id}`);
        f.atime = unixSeconds(nowMs()); // a download is an access
        void store.save().catch(() => undefined);
        return { kind: 'file', status: 200, contentType: f.mimetype, path: store.blobPath(f.blob), size: f.fullSize, filename: f.name };
      },
    },
  },
];

/** Dispatches a request already past auth. `subPath` has no query string. */
export async function dispatch(ctx: RequestContext, deps: RouteDeps): Promise<Reply> {
  for (const route of routes) {
    const m = route.pattern.exec(ctx.subPath);
    if (!m) continue;
    let params: string[];
    try {
      params = m.slice(1).map((p) => decodeURIComponent(p));
    } catch {
      throw new HttpError(400, `bad percent-encoding in path ${ctx.subPath}`);
    }
    const method = ctx.method === 'HEAD' && route.methods.GET ? 'GET' : ctx.method;
    const handler = route.methods[method];
    if (!handler) {
      const allow = Object.keys(route.methods);
      if (allow.includes('GET')) allow.push('HEAD');
      throw new HttpError(405, `${ctx.method} is not allowed on ${ctx.subPath}; allowed: ${allow.join(', ')}`, { Allow: allow.join(', ') });
    }
    return handler(ctx, deps, params);
  }
  throw new HttpError(404, `no such endpoint: ${ctx.subPath || '/'}`);
}
