import type * as vscode from 'vscode';
import { isComposerForm } from '../../shared/composerChecks';
import type { ComposerForm } from '../../shared/composerMessages';

const DRAFTS = 'dsas.composer.drafts';
const RECENT = 'dsas.composer.recentRecipients';
const NOTES = 'dsas.composer.sentNotes';
const MAX_RECENT = 50;
const MAX_NOTES = 100;

export interface RecentRecipient {
  readonly name: string;
  readonly email: string;
}

/**
 * What the composer keeps on this machine, and nowhere else: drafts in the
 * workspace's state (a draft belongs to its workspace), the recipients used
 * before and the cover notes sent in the extension's global state (offered
 * as one types; "Send again with…" takes the note back, which the service
 * does not return).
 */
export class ComposerMemory {
  constructor(private readonly workspace: vscode.Memento, private readonly global: vscode.Memento) {}

  draft(id: string): ComposerForm | undefined {
    const f = this.drafts()[id];
    return isComposerForm(f) ? f : undefined;
  }

  async saveDraft(id: string, form: ComposerForm): Promise<void> {
    await this.workspace.update(DRAFTS, { ...this.drafts(), [id]: form });
  }

  async removeDraft(id: string): Promise<void> {
    const rest = this.drafts();
    delete rest[id];
    await this.workspace.update(DRAFTS, rest);
  }

  draftIds(): string[] {
    return Object.keys(this.drafts());
  }

  /** A copy of the stored drafts, by id. */
  private drafts(): Record<string, unknown> {
    const d = this.workspace.get<unknown>(DRAFTS);
    return typeof d === 'object' && d !== null && !Array.isArray(d) ? { ...(d as Record<string, unknown>) } : {};
  }

  recentRecipients(): RecentRecipient[] {
    const r = this.global.get<unknown>(RECENT);
    return Array.isArray(r) ? r.filter((x): x is RecentRecipient => typeof x?.name === 'string' && typeof x?.email === 'string') : [];
  }

  /** Remembers a submission sent from here: its recipients first in the list offered, its cover note by its id. */
  async sent(id: string, recipients: readonly RecentRecipient[], coverNote: string): Promise<void> {
    const emails = new Set(recipients.map((r) => r.email.toLowerCase()));
    const recent = [...recipients, ...this.recentRecipients().filter((r) => !emails.has(r.email.toLowerCase()))].slice(0, MAX_RECENT);
    const notes = Object.entries(this.notes()).filter(([k]) => k !== id).slice(-(MAX_NOTES - 1));
    await this.global.update(RECENT, recent);
    await this.global.update(NOTES, Object.fromEntries([...notes, [id, coverNote]]));
  }

  /** The cover note of a submission sent from this machine, if it was kept. */
  coverNote(id: string): string | undefined {
    const n = this.notes()[id];
    return typeof n === 'string' ? n : undefined;
  }

  private notes(): Record<string, unknown> {
    const n = this.global.get<unknown>(NOTES);
    return typeof n === 'object' && n !== null && !Array.isArray(n) ? (n as Record<string, unknown>) : {};
  }
}
