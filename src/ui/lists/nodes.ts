import { stateOfCompleted, type ArchiveFile, type ArchiveListItem, type Attachment, type Recipient, type SubmissionDetail, type SubmissionListItem, type SubmissionState } from '../../core';

/**
 * The rows of the two trees. Commands receive these as their first argument
 * when run from a view (and nothing, or a Uri, from the palette or Explorer).
 */
export interface SubmissionNode {
  readonly kind: 'submission';
  /**
   * The connection whose service listed it: set on every row the view makes;
   * absent on a row a palette, a test or another extension passes.
   */
  readonly connectionId?: string;
  item: SubmissionListItem;
  /** Loaded when the row is expanded. */
  detail?: SubmissionDetail;
  /** From Check Status or polling; otherwise derived from `completed`. */
  status?: SubmissionState;
}

/** The submission a row of the Submissions view belongs to: itself, or the one it is part of. */
export function submissionNodeOf(row: SubmissionNode | GroupNode | RecipientNode | AttachmentNode | HistoryNode): SubmissionNode {
  return row.kind === 'submission' ? row : row.submission;
}

export interface GroupNode {
  readonly kind: 'recipients' | 'attachments';
  readonly submission: SubmissionNode;
}

export interface RecipientNode {
  readonly kind: 'recipient';
  readonly submission: SubmissionNode;
  readonly recipient: Recipient;
}

export interface AttachmentNode {
  readonly kind: 'attachment';
  readonly submission: SubmissionNode;
  readonly attachment: Attachment;
}

export interface HistoryNode {
  readonly kind: 'history';
  readonly submission: SubmissionNode;
}

export interface ArchiveNode {
  readonly kind: 'archiveFile';
  /** The connection whose archive listed it (see SubmissionNode.connectionId). */
  readonly connectionId?: string;
  item: ArchiveListItem;
  /** Loaded lazily (size, tags, ticket…). */
  detail?: ArchiveFile;
}

/** A label/value line under an expanded row (archive metadata). */
export interface DetailNode {
  readonly kind: 'detail';
  readonly file: ArchiveNode;
  /** Its place among the file's lines (for the tree item id). */
  readonly index: number;
  readonly label: string;
  readonly value: string;
}

export interface LoadMoreNode {
  readonly kind: 'loadMore';
  readonly view: 'submissions' | 'archive';
  /** The connection whose rows it shows more of. */
  readonly connectionId?: string;
  readonly remaining: number;
}

/** A connection's root, when a view shows several connections: its rows are under it. */
export interface ConnectionNode {
  readonly kind: 'connection';
  readonly connectionId: string;
}

/**
 * An explanation in place of rows (an error, stale data, no match for the
 * filter) or under a row (its detail could not be loaded).
 */
export interface MessageNode<Row = never> {
  readonly kind: 'message';
  readonly text: string;
  readonly tooltip?: string;
  readonly icon?: 'error' | 'warning' | 'info';
  /** The row it stands under; none at the root. */
  readonly parent?: Row;
  /** The connection whose rows it stands among (at the root, or under the connection's root). */
  readonly connectionId?: string;
  /** What clicking it runs: fetching the list, or the row's detail, again, or signing in (`title`: what it is called; Refresh). */
  readonly retry?: { readonly command: string; readonly arguments?: readonly unknown[]; readonly title?: string };
}

/** The nodes of one connection's rows: its rows, what rows expand into, and the nodes every list has. */
export type RowNode<Row, Child> = Row | Child | LoadMoreNode | MessageNode<Row>;

/** The nodes of a list view: one connection's rows, or a root per connection with its rows under it. */
export type TreeNode<Row, Child> = RowNode<Row, Child> | ConnectionNode;

export type SubmissionChild = GroupNode | RecipientNode | AttachmentNode | HistoryNode;
export type SubmissionTreeNode = TreeNode<SubmissionNode, SubmissionChild>;
export type ArchiveTreeNode = TreeNode<ArchiveNode, DetailNode>;

/** Whether a node is a connection's root (and not one of its rows). */
export function isConnectionNode<Row, Child>(n: TreeNode<Row, Child>): n is ConnectionNode {
  return (n as { kind?: unknown }).kind === 'connection';
}

/** The default of a `switch` over node kinds: a kind left unhandled is a compile error. */
export function unhandled(n: never): never {
  throw new Error(`Unhandled tree node: ${String(n)}`);
}

/** The state shown for a submission: the status endpoint's word, else `completed`. */
export function stateOf(n: SubmissionNode): 'PENDING' | 'COMPLETED' | string {
  if (n.status) return n.status;
  return stateOfCompleted(n.detail?.completed ?? n.item.completed) ?? 'UNKNOWN';
}
