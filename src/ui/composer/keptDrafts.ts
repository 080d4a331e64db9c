// Which kept drafts belong to whom, how they are named (their form
// reference, when they were last edited), what closing a draft's tab says,
// and discarding one: the rules the palette's picker, the form's Discard
// Draft… and Sign Out share.
import * as vscode from 'vscode';
import type { ComposerForm, ToComposer } from '../../shared/composerProtocol';
import { iconsAsText, oneLine } from '../text/text';
import { timeAgo } from '../text/timeAgo';
import type { UserInput } from '../input/userInput';
import type { Composer } from './composer';
import type { ComposerMemory, StoredDraft } from './composerMemory';

/** A draft with no account recorded (an earlier version's) may be any account's: it counts as each one's. */
const belongs = (d: StoredDraft, accounts: readonly (string | undefined)[]) => d.account === undefined || accounts.includes(d.account);

/** When a draft was last edited, as the picker names it (one of an earlier version, which recorded no edit: when it was last written). */
const lastEdited = (d: Pick<StoredDraft, 'edited' | 'saved'>): number => d.edited ?? d.saved;

/**
 * The drafts New Submission offers to continue: typed in, neither open in a
 * tab nor being sent, of `account` (the one in the settings); the one edited
 * last first (not the one written last: opening a draft, or fetching its
 * archive documents again, writes it without an edit).
 */
export function offeredDrafts(composer: Pick<Composer, 'memory' | 'drafts' | 'sending'>, account: string | undefined): { id: string; draft: StoredDraft }[] {
  return composer.memory.draftIds()
    .flatMap((id) => {
      const draft = composer.memory.stored(id);
      return draft && draft.touched && !composer.drafts.has(id) && !composer.sending.has(id) && belongs(draft, [account]) ? [{ id, draft }] : [];
    })
    .sort((a, b) => lastEdited(b.draft) - lastEdited(a.draft));
}

/**
 * The drafts Sign Out discards: those of the accounts signed out of, and
 * those of no known account. `typed`: only those typed in (what is counted
 * to the user: a form opened untouched goes too, but keeps nothing).
 */
export function draftsOf(memory: ComposerMemory, accounts: readonly string[], typed = false): string[] {
  return memory.draftIds().filter((id) => {
    const d = memory.stored(id);
    return d !== undefined && belongs(d, accounts) && (d.touched || !typed);
  });
}

/** How long a draft's name is, in code points, before an ellipsis: a text pasted into the form reference is not a name. */
const NAME_SHOWN = 100;

/** How a draft is named to the user: its form reference (its beginning, when long). */
export function draftName(form: ComposerForm): string {
  const points = Array.from(oneLine(form.formReference.trim() || vscode.l10n.t('(no form reference)')));
  return points.length > NAME_SHOWN ? `${points.slice(0, NAME_SHOWN).join('')}…` : points.join('');
}

/** How the picker describes a kept draft: when it was last edited, in words, then exactly, with what it holds. */
export function draftWhen(d: Pick<StoredDraft, 'form' | 'edited' | 'saved'>, now = Date.now()): { description: string; detail: string } {
  const t = vscode.l10n.t;
  const at = lastEdited(d) || undefined;
  const ago = at === undefined ? undefined : timeAgo(at, now, vscode.env.language);
  const [n, r] = [d.form.documents.length, d.form.recipients.length];
  const holds = `${n === 1 ? t('1 document') : t('{0} documents', n)}, ${r === 1 ? t('1 recipient') : t('{0} recipients', r)}`;
  if (at === undefined) return { description: '', detail: holds };
  return {
    description: ago === undefined ? t('edited just now') : t('edited {0}', ago),
    detail: `${t('Last edited {0}', new Date(at).toLocaleString(vscode.env.language, { dateStyle: 'medium', timeStyle: 'short' }))} · ${holds}`,
  };
}

/** A tab closed with its draft kept says so, once and quietly (in the status bar, for a while), with where to continue or discard it. */
export function sayKept(memory: ComposerMemory, id: string): void {
  const d = memory.stored(id);
  if (!d?.touched) return;
  vscode.window.setStatusBarMessage(vscode.l10n.t('$(save) Draft "{0}" kept: New Submission… continues or discards it', iconsAsText(draftName(d.form))), KEPT_SHOWN_MS);
}

const KEPT_SHOWN_MS = 10_000;

/** A draft whose send the window's closing cut off (see `sendingSince`) opens saying so: in its form, and once as a message. */
export function sayCutOff(d: Pick<StoredDraft, 'form' | 'sendingSince'>, host: { post(m: ToComposer, notice?: boolean): void }, ui: UserInput): void {
  const text = vscode.l10n.t('"{0}" was being sent when the window closed or reloaded (at {1}): whether the service received it is not known. Look for it in the Submissions list before you send it again.',
    draftName(d.form), new Date(d.sendingSince ?? 0).toLocaleString(vscode.env.language));
  host.post({ type: 'phase', phase: 'editing', message: text }, true);
  void ui.warn(text);
}

/** Discards a draft, open or kept, after asking (not while it is being sent); its tab closes. True when it was discarded. */
export async function discardDraft(composer: Pick<Composer, 'memory' | 'drafts' | 'sending'>, ui: UserInput, id: string): Promise<boolean> {
  const form = composer.drafts.get(id)?.form ?? composer.memory.draft(id);
  if (!form || composer.sending.has(id)) return false;
  const discard = vscode.l10n.t('Discard');
  const answer = await ui.confirm(vscode.l10n.t('Discard the draft "{0}"?', draftName(form)),
    vscode.l10n.t('Its documents, recipients and texts are removed from this machine. This cannot be undone.'), discard);
  if (answer !== discard) return false;
  await composer.memory.removeDraft(id);
  composer.drafts.get(id)?.panel.dispose();
  return true;
}

/** Sign Out: the drafts of these accounts (and of none known) are discarded, their tabs closed; how many were typed in. */
export async function discardAccountDrafts(composer: Pick<Composer, 'memory' | 'drafts' | 'sending'>, accounts: readonly string[]): Promise<number> {
  const typed = draftsOf(composer.memory, accounts, true).length;
  for (const id of draftsOf(composer.memory, accounts)) {
    const open = composer.drafts.get(id);
    // Removed before its tab closes: a tab closing with its draft kept would say so.
    await composer.memory.removeDraft(id);
    // A send under way goes on; its draft goes once sent, as always.
    if (open && !composer.sending.has(id)) open.panel.dispose();
  }
  return typed;
}
