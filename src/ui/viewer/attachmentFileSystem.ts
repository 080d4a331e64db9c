import type * as vscode from 'vscode';
import type { Attachment, OpenedDownload } from '../../core';
import type { SessionInUse as Session } from '../session/sessionInUse';
import { ServiceFileSystem, serviceFileUri, type FileRef, type FileTimes } from './serviceFileSystem';

export const ATTACHMENT_SCHEME = 'dsas-attachment';

/** `dsas-attachment:/<safe file name>?submission=<id>&id=<id>&ticket=<ticket>` (see serviceFileUri). */
export function attachmentUri(submissionId: string, a: Attachment): vscode.Uri {
  return serviceFileUri(ATTACHMENT_SCHEME, a.name, `attachment-${a.id}`, { submission: submissionId, id: a.id, ticket: a.ticket });
}

/**
 * Attachments of submissions, read-only, for Open Attachment. The service
 * lists no size or dates for an attachment, so `stat` says none and costs no
 * request; a file gone shows when it is read.
 */
export class AttachmentFileSystem extends ServiceFileSystem {
  constructor(private readonly session: Session) {
    super(ATTACHMENT_SCHEME, ['submission', 'id', 'ticket']);
  }

  protected times(): Promise<FileTimes> {
    return Promise.resolve({ ctime: 0, mtime: 0, size: 0 });
  }

  protected open(ref: FileRef): Promise<OpenedDownload> {
    return this.session.client.openAttachment(ref.submission, { id: ref.id, ticket: ref.ticket, name: ref.name });
  }
}
