import type * as vscode from 'vscode';
import { GlobalState, type StateStore } from '../globalState';
import { isComposerForm, type ComposerAdvanced, type ComposerForm } from '../../shared/composerProtocol';

/** One entry of the workspace state per draft, so that a change writes its own draft only. */
const DRAFT = 'dsas.composer.draft/';
/** Where the earlier version kept every draft, in one entry. */
const LEGACY_DRAFTS = 'dsas.composer.drafts';
const RECENT = 'dsas.composer.recentRecipients';
/**
 * Each submission sent from here: its cover note, data and Advanced values,
 * by its account and id (`noteKey`). An earlier version kept them by the id
 * alone (the cover note alone, as a string): those are not read.
 */
const NOTES = 'dsas.composer.sentNotes';
const MAX_RECENT = 50;
/** Where the texts of `account`'s submission `id` are kept: never under the id alone, which another account's submission may have. */
const noteKey = (account: string | undefined, id: string): string => JSON.stringify([account ?? null, id]);
const MAX_NOTES = 100;

/** The account a note's key names (see noteKey), if it is one. */
function accountOfNoteKey(key: string): string | undefined {
  try {
    const k: unknown = JSON.parse(key);
    return Array.isArray(k) && typeof k[0] === 'string' ? k[0] : undefined;
  } catch {
    return undefined;
  }
}

export interface RecentRecipient {
  readonly name: string;
  readonly email: string;
}

/** What is kept with a draft besides its form. */
export interface DraftMeta {
  /**
   * The account it belongs to (`accountKey`: service address and user
   * name, never a secret): it is offered to that account only, and Sign Out
   * discards it. Undefined when none was known (a draft of the earlier
   * version, or made with no account in the settings): offered to every
   * account, discarded by every Sign Out.
   */
  readonly account?: string;
  /** Whether the user changed the form since it opened: an untouched one is not offered, and goes with its tab. */
  readonly touched: boolean;
  /**
   * When a send of it began (ms since the epoch), while that send is not
   * over: kept when the window closes or reloads meanwhile, whether the
   * service received it is not known then, and the form says so.
   */
  readonly sendingSince?: number;
  /** When the user last changed it (ms since the epoch), as the picker names it; unknown for a draft of an earlier version. */
  readonly edited?: number;
}

/** What this machine keeps of a submission it sent, which the service does not return: offered again by Send Again With…. */
export interface SentTexts {
  readonly coverNote: string;
  readonly data?: string;
  readonly advanced?: ComposerAdvanced;
}

export interface StoredDraft extends DraftMeta {
  readonly form: ComposerForm;
  /** When it was last written (ms since the epoch): stands for the last edit of a draft of an earlier version, which recorded none. */
  readonly saved: number;
}

/**
 * What the composer keeps on this machine, and nowhere else: drafts in the
 * workspace's state (a draft belongs to its workspace and its account), the
 * recipients used before and the cover notes sent in the extension's global
 * state (offered as one types; "Send again with…" takes the note, the data
 * and the Advanced values back, which the service does not return).
 */
export class ComposerMemory {
  private readonly global: GlobalState;

  /** Only the global state is sent back whole by VS Code (GlobalState); the workspace's is not. */
  constructor(private readonly workspace: vscode.Memento, global: StateStore) {
    this.global = new GlobalState(global);
    this.moveLegacyDrafts();
  }

  draft(id: string): ComposerForm | undefined {
    return this.stored(id)?.form;
  }

  stored(id: string): StoredDraft | undefined {
    const d = this.workspace.get<unknown>(DRAFT + id);
    if (typeof d !== 'object' || d === null) return undefined;
    const { form, account, touched, saved, sendingSince, edited } = d as Record<string, unknown>;
    if (!isComposerForm(form) || (account !== undefined && typeof account !== 'string') || typeof touched !== 'boolean') return undefined;
    return {
      form, account, touched, saved: typeof saved === 'number' ? saved : 0,
      ...(typeof sendingSince === 'number' ? { sendingSince } : {}), ...(typeof edited === 'number' ? { edited } : {}),
    };
  }

  /** Writes this draft's entry only; what `meta` leaves out stays as stored (a new draft: no account, touched). */
  async saveDraft(id: string, form: ComposerForm, meta: Partial<DraftMeta> = {}): Promise<void> {
    const was = this.stored(id);
    const sendingSince = 'sendingSince' in meta ? meta.sendingSince : was?.sendingSince;
    const edited = meta.edited ?? was?.edited;
    const record: StoredDraft = {
      form, account: 'account' in meta ? meta.account : was?.account, touched: meta.touched ?? was?.touched ?? true, saved: Date.now(),
      ...(sendingSince === undefined ? {} : { sendingSince }), ...(edited === undefined ? {} : { edited }),
    };
    await this.workspace.update(DRAFT + id, record);
  }

  async removeDraft(id: string): Promise<void> {
    await this.workspace.update(DRAFT + id, undefined);
  }

  draftIds(): string[] {
    return this.workspace.keys().filter((k) => k.startsWith(DRAFT)).map((k) => k.slice(DRAFT.length)).filter((id) => this.stored(id) !== undefined);
  }

  /**
   * The earlier version kept all drafts in one entry, rewritten on every
   * change: each is moved to its own, with no account (which one it was
   * made with is not known). Memento writes are seen at once, so the drafts
   * are there before this returns.
   */
  private moveLegacyDrafts(): void {
    const all = this.workspace.get<unknown>(LEGACY_DRAFTS);
    if (all === undefined) return;
    if (typeof all === 'object' && all !== null && !Array.isArray(all)) {
      for (const [id, form] of Object.entries(all)) {
        if (isComposerForm(form) && this.stored(id) === undefined) void this.workspace.update(DRAFT + id, { form, touched: true, saved: 0 } satisfies StoredDraft);
      }
    }
    void this.workspace.update(LEGACY_DRAFTS, undefined);
  }

  recentRecipients(): RecentRecipient[] {
    const r = this.global.get<unknown>(RECENT);
    return Array.isArray(r) ? r.filter((x): x is RecentRecipient => typeof x?.name === 'string' && typeof x?.email === 'string') : [];
  }

  /**
   * Remembers submission `id`, sent from here to `account`: its recipients
   * first in the list offered, its texts and Advanced values for that
   * account's submission of that id only.
   */
  async sent(account: string | undefined, id: string, recipients: readonly RecentRecipient[], form: Pick<ComposerForm, 'coverNote' | 'data' | 'advanced'>): Promise<void> {
    const emails = new Set(recipients.map((r) => r.email.toLowerCase()));
    const recent = [...recipients, ...this.recentRecipients().filter((r) => !emails.has(r.email.toLowerCase()))].slice(0, MAX_RECENT);
    const key = noteKey(account, id);
    const notes = Object.entries(this.notes()).filter(([k]) => k !== key).slice(-(MAX_NOTES - 1));
    const texts: SentTexts = { coverNote: form.coverNote, data: form.data, advanced: form.advanced };
    await this.global.update(RECENT, recent);
    await this.global.update(NOTES, Object.fromEntries([...notes, [key, texts]]));
  }

  /** Forgets what was kept of the submissions sent with these accounts (their connection is removed). */
  async forgetSent(accounts: readonly string[]): Promise<void> {
    const gone = new Set(accounts);
    const notes = this.notes();
    const kept = Object.entries(notes).filter(([k]) => !gone.has(accountOfNoteKey(k) ?? ''));
    if (kept.length !== Object.keys(notes).length) await this.global.update(NOTES, Object.fromEntries(kept));
  }

  /**
   * What this machine kept of `account`'s submission `id` when it sent it, if
   * it did. Never another
   * service's or user's submission of the same id: services count their ids
   * from the same start. What an earlier version kept by the id alone is not
   * offered, since whose submission it was is not known.
   */
  sentTexts(account: string | undefined, id: string): SentTexts | undefined {
    const n = this.notes()[noteKey(account, id)];
    if (typeof n !== 'object' || n === null) return undefined;
    const { coverNote, data, advanced } = n as Record<string, unknown>;
    if (typeof coverNote !== 'string') return undefined;
    const a = advanced as Partial<Record<keyof ComposerAdvanced, unknown>> | undefined;
    const known = typeof a === 'object' && a !== null && [a.broadcast, a.transparency, a.confirmIntent].every((v) => typeof v === 'string');
    return { coverNote, ...(typeof data === 'string' ? { data } : {}), ...(known ? { advanced: a as ComposerAdvanced } : {}) };
  }

  private notes(): Record<string, unknown> {
    const n = this.global.get<unknown>(NOTES);
    return typeof n === 'object' && n !== null && !Array.isArray(n) ? (n as Record<string, unknown>) : {};
  }
}
