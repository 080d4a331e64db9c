import * as vscode from 'vscode';

/** What the badge sits on and what counts as looking at a submission. */
export interface UnseenBadgeDeps {
  /** The Submissions view (its badge; expanding a submission row looks at it). */
  readonly view: vscode.TreeView<unknown>;
  /** Fires with a submission id when its History panel showed it. */
  readonly onDidShowHistory: vscode.Event<string>;
  /** The user looked at a submission: its responses are seen. */
  lookedAt(submissionId: string): void;
}

const submissionIdOf = (n: unknown): string | undefined => {
  const node = n as { kind?: string; item?: { id?: unknown } } | undefined;
  return node?.kind === 'submission' && typeof node.item?.id === 'string' ? node.item.id : undefined;
};

/**
 * The badge on the Submissions view: responses announced that have not been
 * looked at yet (counted in the account's memory, so it survives a reload).
 * Opening the submission, by expanding its row or showing its History,
 * looks at them; while its row is expanded, new ones are seen as they come.
 */
export class UnseenBadge implements vscode.Disposable {
  private readonly expanded = new Set<string>();
  private readonly subs: vscode.Disposable[];

  constructor(private readonly deps: UnseenBadgeDeps) {
    this.subs = [
      deps.view.onDidExpandElement((e) => {
        const id = submissionIdOf(e.element);
        if (!id) return;
        this.expanded.add(id);
        deps.lookedAt(id);
      }),
      deps.view.onDidCollapseElement((e) => this.expanded.delete(submissionIdOf(e.element) ?? '')),
      deps.onDidShowHistory((id) => deps.lookedAt(id)),
    ];
  }

  /** Whether the submission's row is expanded now. */
  isOpen(submissionId: string): boolean {
    return this.expanded.has(submissionId);
  }

  /** A new session: its rows start collapsed. */
  reset(): void {
    this.expanded.clear();
  }

  /** Shows `n` responses not looked at yet (0: no badge). */
  show(n: number): void {
    this.deps.view.badge = n === 0 ? undefined : {
      value: n,
      tooltip: n === 1 ? vscode.l10n.t('1 response not looked at yet') : vscode.l10n.t('{0} responses not looked at yet', n),
    };
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
  }
}
