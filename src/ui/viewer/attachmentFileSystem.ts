import type * as vscode from 'vscode';
import type { Attachment, OpenedDownload } from '../../core';
import type { ConnectionChoosing } from '../session/whichConnection';
import { ServiceFileSystem, serviceFileUri, type FileOwner, type FileRef, type FileTimes } from './serviceFileSystem';

export const ATTACHMENT_SCHEME = 'dsas-attachment';

/** `dsas-attachment:/<safe file name>?submission=<id>&id=<id>&ticket=<ticket>&connection=<id>&service=<digest>`, of that connection's submission (see serviceFileUri). */
export function attachmentUri(submissionId: string, a: Attachment, owner: FileOwner | undefined): vscode.Uri {
  return serviceFileUri(ATTACHMENT_SCHEME, a.name, `attachment-${a.id}`, { submission: submissionId, id: a.id, ticket: a.ticket }, owner);
}

/**
 * Attachments of submissions, read-only, for Open Attachment. The service
 * lists no size or dates for an attachment, so `stat` says none and costs no
 * request; a file gone shows when it is read.
 */
export class AttachmentFileSystem extends ServiceFileSystem {
  constructor(sessions: ConnectionChoosing) {
    super(ATTACHMENT_SCHEME, ['submission', 'id', 'ticket'], sessions);
  }

  protected times(): Promise<FileTimes> {
    return Promise.resolve({ ctime: 0, mtime: 0, size: 0 });
  }

  protected async open(ref: FileRef): Promise<OpenedDownload> {
    return (await this.client(ref)).openAttachment(ref.submission, { id: ref.id, ticket: ref.ticket, name: ref.name });
  }
}
