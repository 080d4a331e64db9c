// The argument parsers of the commands: each turns what VS Code (or a host
// test, or another extension) passed into one typed value, checked here once.
// Anything unexpected becomes "nothing", and the command then asks, as it does
// from the palette.
import * as vscode from 'vscode';
import type { ArgParser } from '../commands/commandRunner';
import type { ArchiveNode, AttachmentNode, HistoryNode, LoadMoreNode, RecipientNode, SubmissionNode } from './nodes';
import type { PdfSource } from '../../shared/pdfProtocol';

/** Rows that belong to a submission: the submission itself or one of its children. */
export type SubmissionRow = SubmissionNode | HistoryNode | RecipientNode | AttachmentNode;

type Fields = Readonly<Record<string, unknown>>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null;
const hasStrings = <K extends string>(v: unknown, ...keys: K[]): v is Fields & Readonly<Record<K, string>> => isObject(v) && keys.every((k) => typeof v[k] === 'string');

function submissionNode(v: unknown): SubmissionNode | undefined {
  return isObject(v) && v.kind === 'submission' && hasStrings(v.item, 'id') ? (v as unknown as SubmissionNode) : undefined;
}

function attachmentNode(v: unknown): AttachmentNode | undefined {
  return isObject(v) && v.kind === 'attachment' && submissionNode(v.submission) && hasStrings(v.attachment, 'id', 'ticket', 'name') ? (v as unknown as AttachmentNode) : undefined;
}

function archiveNode(v: unknown): ArchiveNode | undefined {
  return isObject(v) && v.kind === 'archiveFile' && hasStrings(v.item, 'id') ? (v as unknown as ArchiveNode) : undefined;
}

function submissionRow(v: unknown): SubmissionRow | undefined {
  if (!isObject(v)) return undefined;
  if (v.kind === 'submission') return submissionNode(v);
  if (v.kind === 'attachment') return attachmentNode(v);
  if ((v.kind === 'history' || v.kind === 'recipient') && submissionNode(v.submission)) return v as unknown as HistoryNode | RecipientNode;
  return undefined;
}

/** A row of the Submissions view that belongs to a submission, or nothing. */
export const aSubmissionRow: ArgParser<SubmissionRow | undefined> = ([v]) => submissionRow(v);

/** An attachment row, or nothing. */
export const anAttachment: ArgParser<AttachmentNode | undefined> = ([v]) => attachmentNode(v);

/** An archive file row, or nothing. */
export const anArchiveFile: ArgParser<ArchiveNode | undefined> = ([v]) => archiveNode(v);

/**
 * The rows a view command acts on. A tree with several rows selected passes
 * the clicked row and, when it is one of them, the whole selection (else
 * the clicked row alone); a row's own command, a palette or a test, one row.
 */
function selectedRows([clicked, selection]: readonly unknown[]): unknown[] {
  return Array.isArray(selection) && selection.length > 0 ? selection : clicked === undefined ? [] : [clicked];
}

/** Each row of a kind in the selection once: a row's own command may pass it again. */
function each<T>(args: readonly unknown[], parse: (v: unknown) => T | undefined): T[] {
  const rows = selectedRows(args).map(parse).filter((n): n is T => n !== undefined);
  return rows.filter((n, i) => rows.indexOf(n) === i);
}

/** The selected attachment rows (none from the palette); other rows in the selection are left out. */
export const selectedAttachments: ArgParser<AttachmentNode[]> = (args) => each(args, attachmentNode);

/** The selected archive file rows (none from the palette); other rows in the selection are left out. */
export const selectedArchiveFiles: ArgParser<ArchiveNode[]> = (args) => each(args, archiveNode);

/** A submission or archive file row (from a menu), or nothing (from a key binding). */
export const aRefreshableRow: ArgParser<SubmissionNode | ArchiveNode | undefined> = ([v]) => submissionNode(v) ?? archiveNode(v);

/** Which view's Load More, and under which connection's root: its row (the row's own command passes it), or the view's name (every root's next page). */
export const aLoadMoreView: ArgParser<{ view: LoadMoreNode['view']; connectionId?: string } | undefined> = ([v]) => {
  const row = isObject(v) && v.kind === 'loadMore' ? v : undefined;
  const view = row ? row.view : v;
  if (view !== 'submissions' && view !== 'archive') return undefined;
  return typeof row?.connectionId === 'string' ? { view, connectionId: row.connectionId } : { view };
};

/** The document a PDF viewer shows (its Save PDF… passes it), or nothing. */
export const aPdfSource: ArgParser<PdfSource | undefined> = ([v]) => {
  if (!isObject(v)) return undefined;
  // Its connection and account go with it: the document is fetched from that one only, while it points there.
  const of = { ...(typeof v.connectionId === 'string' && { connectionId: v.connectionId }), ...(typeof v.service === 'string' && { service: v.service }) };
  if (v.kind === 'summary' && hasStrings(v, 'submissionId')) return { kind: 'summary', submissionId: v.submissionId, ...of };
  const file = hasStrings(v, 'id', 'ticket', 'name') ? { id: v.id, ticket: v.ticket, name: v.name, ...of } : undefined;
  if (file && v.kind === 'attachment' && hasStrings(v, 'submissionId')) return { kind: 'attachment', submissionId: v.submissionId, ...file };
  if (file && v.kind === 'archive') return { kind: 'archive', ...file };
  // Only a PDF on this computer: the viewer shows nothing else.
  if (v.kind === 'file' && hasStrings(v, 'path', 'name') && /\.pdf$/i.test(v.path)) return { kind: 'file', path: v.path, name: v.name };
  return undefined;
};

/**
 * The Uris a command was invoked with: the Explorer passes the clicked item
 * and the whole selection, an editor menu its resource (and an object).
 * Anything that is not a Uri is ignored; each Uri is kept once.
 */
export const explorerUris: ArgParser<vscode.Uri[]> = (args) => {
  const seen = new Set<string>();
  return selectedRows(args).filter((u): u is vscode.Uri => u instanceof vscode.Uri).filter((u) => {
    const k = u.toString();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};
