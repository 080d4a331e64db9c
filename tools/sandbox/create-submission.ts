// POST /submissions: multipart parts named attachment[]; the package is the
// first part whose media type is application/xml, every other part is a
// document that the package must name (and vice versa).
import { createHash, randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import type { RequestContext } from './request-context';
import { HttpError, xmlReply, type Reply } from './replies';
import { MultipartError, receiveMultipart, type MultipartResult, type ReceivedPart } from './multipart-upload';
import { PackageError, parsePackage } from './package-xml';
import type { SandboxStore } from './store';
import { newTicket } from './store';
import type { SubmissionRecord } from './types';
import { accountSender, creationEvents } from './submission-rules';
import { createdXml } from './xml-replies';
import { nowMs } from './wire-time';

function mediaType(mime: string): string {
  return mime.split(';')[0].trim().toLowerCase();
}

export async function createSubmission(ctx: RequestContext, store: SandboxStore, user: string): Promise<Reply> {
  const contentType = ctx.req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) {
    throw new HttpError(400, `POST /submissions needs a multipart/form-data body with a boundary, got Content-Type "${contentType}"`);
  }
  const temps: string[] = [];
  const tempPath = () => {
    const p = store.tempPath('part');
    temps.push(p);
    return p;
  };
  try {
    let received: MultipartResult;
    try {
      received = await receiveMultipart(ctx.req.headers, ctx.body(), tempPath);
    } catch (e) {
      if (e instanceof MultipartError) throw new HttpError(400, e.message);
      throw e;
    }
    if (received.problem) throw new HttpError(400, received.problem);
    const pkgIndex = received.parts.findIndex((p) => mediaType(p.mimeType) === 'application/xml');
    if (pkgIndex < 0) {
      throw new HttpError(400, 'no package: none of the attachment[] parts has the media type application/xml');
    }
    const pkgPart = received.parts[pkgIndex];
    const docs = received.parts.filter((_, i) => i !== pkgIndex);
    const pkgBytes = await fsp.readFile(pkgPart.tempPath);
    let pkg;
    try {
      pkg = parsePackage(pkgBytes);
    } catch (e) {
      if (e instanceof PackageError) throw new HttpError(400, `package ${pkgPart.filename || '(unnamed)'}: ${e.message}`);
      throw e;
    }

    const byName = new Map<string, ReceivedPart>();
    for (const d of docs) {
      if (byName.has(d.filename)) throw new HttpError(400, `two document parts have the filename "${d.filename}"`);
      byName.set(d.filename, d);
    }
    for (const n of pkg.attachmentNames) {
      if (!byName.has(n)) throw new HttpError(400, `attachment "${n}" is named in the package but no document part has that filename`);
    }
    const named = new Set(pkg.attachmentNames);
    for (const d of docs) {
      if (!named.has(d.filename)) throw new HttpError(400, `document part "${d.filename}" is not named in the package's attachments`);
    }

    const now = nowMs();
    const id = store.nextId('submission');
    const packageBlob = `files/packages/${id}.xml`;
    await fsp.rename(pkgPart.tempPath, store.blobPath(packageBlob));
    const s: SubmissionRecord = {
      id,
      type: pkg.type,
      broadcast: pkg.broadcast,
      silent: false, // the package has no field for it
      formReference: pkg.formReference,
      transparency: pkg.transparency,
      confirmIntent: pkg.confirmIntent,
      sender: accountSender(user),
      recipients: pkg.recipients.map((r) => ({
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        recpType: r.type,
        ...(r.recipientAuth !== undefined ? { recipientAuth: r.recipientAuth } : {}),
        ...(r.recipientAuthNumber !== undefined ? { recipientAuthNumber: r.recipientAuthNumber } : {}),
        created: now,
        notificationViewed: false,
        submissionViewed: false,
        responseViewed: false,
        comment: '',
        endorsement: '',
      })),
      attachments: [],
      coverNote: pkg.coverNote,
      data: pkg.data,
      md5Id: createHash('md5').update(`${id}:${now}:${randomBytes(8).toString('hex')}`).digest('hex'),
      created: now,
      history: [],
      packageBlob,
    };
    // Documents in the order the package names them.
    for (const name of pkg.attachmentNames) {
      const part = byName.get(name)!;
      const attId = store.nextId('attachment');
      const blob = `files/attachments/${attId}`;
      await fsp.rename(part.tempPath, store.blobPath(blob));
      s.attachments.push({ id: attId, ticket: newTicket(), name, mimetype: part.mimeType, size: part.size, sha256: part.sha256, blob });
    }
    creationEvents(s, now);
    store.addSubmission(s);
    await store.save();
    return xmlReply(createdXml(id));
  } finally {
    // Parts not moved into files/ (errors, cut connections) are removed.
    await Promise.all(temps.map((t) => fsp.rm(t, { force: true })));
  }
}
