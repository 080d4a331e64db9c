import * as vscode from 'vscode';
import type { PdfStrings } from '../../shared/pdfProtocol';

/** The PDF viewer page's words in the display language ({0}, {1}: filled in by the page). */
export function pdfStrings(): PdfStrings {
  const t = vscode.l10n.t;
  return {
    previousPage: t('Previous page'), nextPage: t('Next page'), pageNumber: t('Page number'), ofPages: t('/ {0}', '{0}'),
    zoomIn: t('Zoom in'), zoomOut: t('Zoom out'), zoomLevel: t('Zoom level'), fitWidth: t('Fit width'), fitPage: t('Fit page'), actualSize: t('Actual size'),
    find: t('Find'), findPlaceholder: t('Find in document'), findPrevious: t('Previous match (Shift+Enter)'), findNext: t('Next match (Enter)'),
    matchCase: t('Match case'), wholeWords: t('Whole words'), closeFind: t('Close (Escape)'),
    matchCount: t('{0} of {1}', '{0}', '{1}'), noMatches: t('No results'),
    outline: t('Outline'), thumbnails: t('Thumbnails'), savePdf: t('Save PDF…'), archive: t('Archive…'), refresh: t('Refresh'), moreActions: t('More actions'),
    firstPage: t('First page'), lastPage: t('Last page'), pageColors: t('Page colours'), pageColorsTheme: t('Pages in the theme\'s colours'),
    pageColorsInvert: t('Pages inverted'), pageColorsOriginal: t('Pages as printed'), toolbar: t('PDF toolbar'), pageLandmark: t('Page {0}', '{0}'),
  };
}
