import * as vscode from 'vscode';

/** What the badge sits on and what counts as looking at a submission. */
export interface UnseenBadgeDeps {
  /** The Submissions view (its badge; expanding a submission row looks at it). */
  readonly view: vscode.TreeView<unknown>;
  /** Fires when a History panel showed a connection's submission. */
  readonly onDidShowHistory: vscode.Event<{ readonly connectionId: string; readonly submissionId: string }>;
  /** The user looked at a submission of a connection: its responses are seen. */
  lookedAt(connectionId: string, submissionId: string): void;
}

/** The connection and id of a submission row (rows the view makes carry their connection). */
const submissionOf = (n: unknown): { connectionId: string; id: string } | undefined => {
  const node = n as { kind?: string; connectionId?: unknown; item?: { id?: unknown } } | undefined;
  return node?.kind === 'submission' && typeof node.item?.id === 'string' && typeof node.connectionId === 'string'
    ? { connectionId: node.connectionId, id: node.item.id }
    : undefined;
};

const keyOf = (connectionId: string, id: string) => JSON.stringify([connectionId, id]);

/**
 * The badge on the Submissions view: responses announced that have not been
 * looked at yet, over every connection (each counted in its account's
 * memory, so it survives a reload). Opening the submission, by expanding its
 * row or showing its History, looks at them; while its row is expanded, new
 * ones are seen as they come.
 */
export class UnseenBadge implements vscode.Disposable {
  private readonly expanded = new Set<string>();
  private readonly counts = new Map<string, number>();
  private readonly subs: vscode.Disposable[];

  constructor(private readonly deps: UnseenBadgeDeps) {
    this.subs = [
      deps.view.onDidExpandElement((e) => {
        const s = submissionOf(e.element);
        if (!s) return;
        this.expanded.add(keyOf(s.connectionId, s.id));
        deps.lookedAt(s.connectionId, s.id);
      }),
      deps.view.onDidCollapseElement((e) => {
        const s = submissionOf(e.element);
        if (s) this.expanded.delete(keyOf(s.connectionId, s.id));
      }),
      deps.onDidShowHistory((h) => deps.lookedAt(h.connectionId, h.submissionId)),
    ];
  }

  /** Whether the submission's row is expanded now. */
  isOpen(connectionId: string, submissionId: string): boolean {
    return this.expanded.has(keyOf(connectionId, submissionId));
  }

  /** A connection's new session: its rows start collapsed. */
  reset(connectionId: string): void {
    for (const k of [...this.expanded]) if ((JSON.parse(k) as string[])[0] === connectionId) this.expanded.delete(k);
  }

  /** Shows `n` responses of a connection not looked at yet, added to the others' (0 in all: no badge). */
  show(connectionId: string, n: number): void {
    if (n === 0) this.counts.delete(connectionId);
    else this.counts.set(connectionId, n);
    const all = [...this.counts.values()].reduce((a, b) => a + b, 0);
    this.deps.view.badge = all === 0 ? undefined : {
      value: all,
      tooltip: all === 1 ? vscode.l10n.t('1 response not looked at yet') : vscode.l10n.t('{0} responses not looked at yet', all),
    };
  }

  dispose(): void {
    this.subs.forEach((d) => d.dispose());
  }
}
