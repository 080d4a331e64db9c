// Builds every XML body the sandbox sends, with xmlbuilder2, in the element
// names and nesting of the spec tables. Output is compact (no pretty print):
// whitespace-only text nodes would otherwise leak into clients that parse
// without trimming.
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { ArchiveRecord, RecipientRecord, SubmissionRecord } from './types';
import { formatSubmissionTime } from './wire-time';
import { completionStatus, counters } from './submission-rules';

function newResponse(status: 'ok' | 'error'): { doc: XMLBuilder; root: XMLBuilder } {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  return { doc, root: doc.ele('response', { status }) };
}

function finish(doc: XMLBuilder): string {
  return doc.end({ prettyPrint: false });
}

/** A child element with text; an empty string gives an empty element. */
function leaf(parent: XMLBuilder, name: string, value: string | number): XMLBuilder {
  const el = parent.ele(name);
  const text = String(value);
  if (text !== '') el.txt(text);
  return parent;
}

/**
 * CDATA that survives `]]>`: xmlbuilder2's `.dat()` throws on it, so the
 * text is split into adjacent sections (`a]]` + `>b`), which parsers join.
 */
export function cdataSections(text: string): string[] {
  const parts = text.split(']]>');
  if (parts.length === 1) return [text];
  return parts.map((part, i) => {
    const head = i === 0 ? '' : '>';
    const tail = i === parts.length - 1 ? '' : ']]';
    return head + part + tail;
  });
}

function cdataLeaf(parent: XMLBuilder, name: string, value: string): void {
  const el = parent.ele(name);
  if (value === '') return;
  for (const section of cdataSections(value)) el.dat(section);
}

function flag(value: boolean): string {
  return value ? '1' : '0';
}

function submissionAttributes(s: SubmissionRecord): Record<string, string> {
  return { type: s.type, broadcast: flag(s.broadcast) };
}

function sender(parent: XMLBuilder, s: SubmissionRecord): void {
  const el = parent.ele('sender');
  leaf(el, 'user_fullname', s.sender.fullname);
  leaf(el, 'user_email', s.sender.email);
}

export function recipientName(r: RecipientRecord): string {
  return `${r.firstName} ${r.lastName}`.trim();
}

export function primaryRecipient(s: SubmissionRecord): RecipientRecord | undefined {
  return s.recipients.find((r) => r.recpType === 'PRIMARY') ?? s.recipients[0];
}

export function submissionListXml(list: SubmissionRecord[]): string {
  const { doc, root } = newResponse('ok');
  const container = root.ele('Submissions');
  for (const s of list) {
    const el = container.ele('submission', submissionAttributes(s));
    leaf(el, 'id', s.id);
    leaf(el, 'form_reference', s.formReference);
    sender(el, s);
    const primary = primaryRecipient(s);
    const p = el.ele('primary_recipient');
    leaf(p, 'name', primary ? recipientName(primary) : '');
    leaf(p, 'email', primary?.email ?? '');
    // Present only when recipient authentication is used (spec 2.1).
    if (primary?.recipientAuth !== undefined) leaf(p, 'recipient_auth', primary.recipientAuth);
    if (primary?.recipientAuthNumber !== undefined) leaf(p, 'recipient_auth_number', primary.recipientAuthNumber);
    leaf(el, 'silent', flag(s.silent));
    leaf(el, 'completed', flag(s.completedAt !== undefined));
    leaf(el, 'md5_id', s.md5Id);
    leaf(el, 'created', formatSubmissionTime(s.created));
  }
  return finish(doc);
}

export function submissionDetailXml(s: SubmissionRecord): string {
  const { doc, root } = newResponse('ok');
  const el = root.ele('submission', submissionAttributes(s));
  leaf(el, 'id', s.id);
  leaf(el, 'form_reference', s.formReference);
  sender(el, s);
  const recipients = el.ele('recipients');
  for (const r of s.recipients) {
    // The detail table lists no recipient_auth fields, so they are not sent here.
    const re = recipients.ele('recipient');
    leaf(re, 'name', recipientName(r));
    leaf(re, 'email', r.email);
    leaf(re, 'recp_type', r.recpType);
    leaf(re, 'submission_viewed', flag(r.submissionViewed));
    leaf(re, 'time_viewed', formatSubmissionTime(r.timeViewed));
    leaf(re, 'response_status', flag(r.responded !== undefined));
    leaf(re, 'response_viewed', flag(r.responseViewed));
    leaf(re, 'responded', formatSubmissionTime(r.responded));
    cdataLeaf(re, 'comment', r.comment);
    cdataLeaf(re, 'endorsement', r.endorsement);
    leaf(re, 'created', formatSubmissionTime(r.created));
    leaf(re, 'notification_viewed', flag(r.notificationViewed));
  }
  const attachments = el.ele('attachments');
  for (const a of s.attachments) {
    const ae = attachments.ele('attachment');
    leaf(ae, 'id', a.id);
    leaf(ae, 'ticket', a.ticket);
    leaf(ae, 'name', a.name);
  }
  const c = counters(s);
  const total = el.ele('total');
  leaf(total, 'involved', c.involved);
  leaf(total, 'signing', c.signing);
  leaf(total, 'nonsigning', c.nonsigning);
  leaf(total, 'accepted', c.accepted);
  leaf(total, 'clarified', c.clarified);
  leaf(total, 'rejected', c.rejected);
  leaf(el, 'completed', flag(s.completedAt !== undefined));
  leaf(el, 'silent', flag(s.silent));
  leaf(el, 'md5_id', s.md5Id);
  leaf(el, 'created', formatSubmissionTime(s.created));
  return finish(doc);
}

export function historyXml(s: SubmissionRecord): string {
  const { doc, root } = newResponse('ok');
  const h = root.ele('history');
  leaf(h, 'submission_id', s.id);
  leaf(h, 'created', formatSubmissionTime(s.created));
  const events = h.ele('events');
  for (const e of s.history) {
    const ev = events.ele('historyEvent');
    leaf(ev, 'time', formatSubmissionTime(e.time));
    cdataLeaf(ev, 'description', e.description);
  }
  const summary = h.ele('summary');
  // The summary time is the latest event (the completion, once completed).
  const last = s.history.length ? s.history[s.history.length - 1].time : s.created;
  leaf(summary, 'time', formatSubmissionTime(last));
  const c = counters(s);
  const total = summary.ele('total');
  leaf(total, 'involved', c.involved);
  leaf(total, 'signing', c.signing);
  leaf(total, 'nonsigning', c.nonsigning);
  leaf(total, 'accepted', c.accepted);
  return finish(doc);
}

export function statusXml(s: SubmissionRecord): string {
  const { doc, root } = newResponse('ok');
  const el = root.ele('submission', submissionAttributes(s));
  leaf(el, 'id', s.id);
  leaf(el, 'form_reference', s.formReference);
  leaf(el, 'status', completionStatus(s));
  return finish(doc);
}

export function createdXml(id: string): string {
  const { doc, root } = newResponse('ok');
  leaf(root.ele('submission', { status: 'created' }), 'id', id);
  return finish(doc);
}

export function archiveListXml(list: ArchiveRecord[]): string {
  const { doc, root } = newResponse('ok');
  const files = root.ele('Files');
  for (const f of list) {
    const el = files.ele('file');
    leaf(el, 'id', f.id);
    leaf(el, 'name', f.name);
    leaf(el, 'title', f.title);
  }
  return finish(doc);
}

export function archiveDetailXml(f: ArchiveRecord): string {
  const { doc, root } = newResponse('ok');
  const el = root.ele('Files').ele('file');
  leaf(el, 'id', f.id);
  leaf(el, 'ticket', f.ticket);
  leaf(el, 'title', f.title);
  leaf(el, 'name', f.name);
  leaf(el, 'full_size', f.fullSize);
  leaf(el, 'mimetype', f.mimetype);
  leaf(el, 'hash', f.hash);
  leaf(el, 'atime', f.atime);
  leaf(el, 'mtime', f.mtime);
  leaf(el, 'ctime', f.ctime);
  leaf(el, 'parent_folder', f.parentFolder);
  for (const t of f.tags) el.ele('tag', { id: t.id, text: t.text });
  return finish(doc);
}

export function uploadedXml(id: string): string {
  const { doc, root } = newResponse('ok');
  leaf(root.ele('file'), 'id', id);
  return finish(doc);
}

/** The sandbox's error shape (the spec leaves errors open). */
export function errorXml(code: number, message: string, responseStatus: 'error' = 'error'): string {
  const { doc, root } = newResponse(responseStatus);
  const err = root.ele('error');
  leaf(err, 'code', code);
  leaf(err, 'message', message);
  return finish(doc);
}
