// Data shapes shared by the sandbox modules. Times are kept as epoch
// milliseconds in the state file and formatted only on the wire, so the wire
// format can change without migrating data.

export type RecipientType = 'PRIMARY' | 'REGULAR' | 'COPIED';
export type Outcome = 'accept' | 'reject' | 'clarify';
export type DigestAlgorithm = 'MD5' | 'SHA-256';

export interface RecipientRecord {
  firstName: string;
  lastName: string;
  email: string;
  recpType: RecipientType;
  /** Only set when the package asked for recipient authentication. */
  recipientAuth?: string;
  recipientAuthNumber?: string;
  created: number;
  notificationViewed: boolean;
  submissionViewed: boolean;
  timeViewed?: number;
  responseViewed: boolean;
  responded?: number;
  outcome?: Outcome;
  comment: string;
  endorsement: string;
}

export interface AttachmentRecord {
  id: string;
  ticket: string;
  name: string;
  mimetype: string;
  size: number;
  sha256: string;
  /** Path relative to the data folder. */
  blob: string;
}

export interface HistoryEventRecord {
  time: number;
  description: string;
}

export interface SubmissionRecord {
  id: string;
  type: string;
  broadcast: boolean;
  silent: boolean;
  formReference: string;
  transparency: string;
  confirmIntent: string;
  sender: { fullname: string; email: string };
  recipients: RecipientRecord[];
  attachments: AttachmentRecord[];
  coverNote: string;
  data: string;
  md5Id: string;
  created: number;
  completedAt?: number;
  history: HistoryEventRecord[];
  /** Raw package XML bytes as received, relative to the data folder. */
  packageBlob: string;
}

export interface ArchiveTag {
  id: string;
  text: string;
}

export interface ArchiveRecord {
  id: string;
  ticket: string;
  title: string;
  name: string;
  fullSize: number;
  mimetype: string;
  hash: string;
  /** Unix seconds, as emitted on the wire. */
  atime: number;
  mtime: number;
  ctime: number;
  parentFolder: string;
  tags: ArchiveTag[];
  blob: string;
}

export interface SandboxState {
  version: 1;
  counters: { submission: number; attachment: number; archive: number };
  submissions: SubmissionRecord[];
  archives: ArchiveRecord[];
}

export interface AccessLogEntry {
  /** ISO time the request arrived. */
  time: string;
  method: string;
  /** Request target as received (path and query). */
  path: string;
  /** 0 when the connection was cut before a status line went out. */
  status: number;
  durationMs: number;
  /** Request body bytes the sandbox read. */
  bytesIn: number;
  /** Response body bytes written (headers excluded). */
  bytesOut: number;
  /** Which connection carried it: 1 for the server's first, and so on (to count connections reused). */
  connection: number;
  hadAuthorization: boolean;
  /** Raw Authorization header: in memory only, never written to access.log. */
  authorization?: string;
  username?: string;
  nonce?: string;
  nc?: string;
  algorithm?: string;
  /** Why auth failed, when it did (e.g. 'missing', 'stale', 'replay'). */
  authFailure?: string;
  fault?: string;
  aborted?: boolean;
}
