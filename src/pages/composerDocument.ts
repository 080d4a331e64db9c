// How New Submission shows one document, in the form and in the review: a
// workspace document by its name and where it is in the workspace, an
// archive document by what it is in the archive (its title, its file name,
// the hash its copy was checked against, whole in the tooltip). Nothing of
// where the extension keeps an archive document's copy is ever shown.
import type { ComposerDocument } from '../shared/composerProtocol';
import { t } from './l10n';
import { el } from './vscodeApi';

interface Described {
  readonly label: string;
  readonly tooltip: string;
  /** Said after the label: where it comes from, its size and media type. */
  readonly details: readonly string[];
}

function described(d: ComposerDocument): Described {
  if (d.archiveId === undefined) {
    const where = d.location ?? d.path;
    return { label: d.name, tooltip: where, details: [...(where && where !== d.name ? [where] : []), d.sizeText, d.type] };
  }
  const title = d.title?.trim() || d.name;
  return {
    label: title,
    tooltip: t('"{0}" from the archive, sent as {1}', title, d.name),
    details: [title === d.name ? t('From the archive') : t('From the archive: {0}', d.name), d.sizeText, d.type],
  };
}

const hashTooltip = (hex: string) => t('The hash the archive recorded, which the copy sent is checked against: {0}', hex);

/** The document's own cell of the documents grid (row `i`): what it is, and why it cannot be sent yet when it cannot. */
export function documentCell(d: ComposerDocument, i: number): HTMLElement {
  const { label, tooltip, details } = described(d);
  const kind = d.unavailable ? 'warning' : d.archiveId !== undefined ? 'archive' : 'file';
  return el('div', { className: 'doc-cell', attrs: { role: 'gridcell', id: `doc-${i}`, 'data-row': String(i), 'data-col': '0' } },
    el('span', { className: `codicon codicon-${kind}`, attrs: { 'aria-hidden': 'true' } }),
    el('span', { className: 'doc-name', text: label, title: tooltip }),
    el('span', { className: 'muted', text: details.join(' · ') }),
    d.hash ? el('span', { className: 'muted doc-hash', text: d.hash.text, title: hashTooltip(d.hash.hex) }) : null,
    d.unavailable ? el('p', { className: 'doc-note', text: d.unavailable.reason }) : null);
}

/** The document in the review's list, in one line, said as in the form. */
export function documentLine(d: ComposerDocument): HTMLElement {
  const { label, tooltip, details } = described(d);
  return el('li', {},
    el('span', { text: [label, ...details].join(' · '), title: tooltip }),
    d.hash ? el('span', { text: ` · ${d.hash.text}`, title: hashTooltip(d.hash.hex) }) : null);
}
