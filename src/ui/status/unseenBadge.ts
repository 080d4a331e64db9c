import * as vscode from 'vscode';
import { responsesIn, type Change } from './changes';

/** What the badge sits on and what counts as looking at a submission. */
export interface UnseenBadgeDeps {
  /** The Submissions view (its badge; expanding a submission row looks at it). */
  readonly view: vscode.TreeView<unknown>;
  /** Fires with a submission id when its History panel showed it. */
  readonly onDidShowHistory: vscode.Event<string>;
}

const submissionIdOf = (n: unknown): string | undefined => {
  const node = n as { kind?: string; item?: { id?: unknown } } | undefined;
  return node?.kind === 'submission' && typeof node.item?.id === 'string' ? node.item.id : undefined;
};

/**
 * The badge on the Submissions view: responses polling announced that have
 * not been looked at yet. Kept in memory only (a window reload or a new
 * sign-in starts from none): opening the submission, by expanding its row or
 * showing its History, clears its count.
 */
export class UnseenBadge implements vscode.Disposable {
  private readonly unseen = new Map<string, number>();
  private readonly subs: vscode.Disposable[];

  constructor(private readonly deps: UnseenBadgeDeps) {
    this.subs = [
      deps.view.onDidExpandElement((e) => {
        const id = submissionIdOf(e.element);
        if (id) this.lookedAt(id);
      }),
      deps.onDidShowHistory((id) => this.lookedAt(id)),
    ];
  }

  /** Responses not looked at yet, over all submissions. */
  get count(): number {
    let n = 0;
    for (const c of this.unseen.values()) n += c;
    return n;
  }

  add(changes: readonly Change[]): void {
    for (const c of changes) {
      const n = responsesIn(c);
      if (n) this.unseen.set(c.submission.id, (this.unseen.get(c.submission.id) ?? 0) + n);
    }
    this.render();
  }

  lookedAt(submissionId: string): void {
    if (this.unseen.delete(submissionId)) this.render();
  }

  clear(): void {
    this.unseen.clear();
    this.render();
  }

  private render(): void {
    const n = this.count;
    this.deps.view.badge = n === 0 ? undefined : {
      value: n,
      tooltip: n === 1 ? vscode.l10n.t('1 response not looked at yet') : vscode.l10n.t('{0} responses not looked at yet', n),
    };
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
  }
}
