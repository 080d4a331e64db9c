// Drops on the composer's page. Text dragged within the form, or from
// elsewhere onto a text field, is the browser's to handle: it moves or is
// inserted as in any text field, and the page takes the edit as typed. Only
// a drag that carries files or a list of URIs adds documents.
import { t } from './l10n';

/** VS Code's Explorer: every resource dragged (its `text/uri-list` holds the first only). */
const CODE_URI_LIST = 'application/vnd.code.uri-list';
/** The workbench's resources (`ResourceURLs`), as a JSON array of URIs; a drag's types are lower case. */
const RESOURCES = 'resourceurls';
/** File managers, browsers and VS Code alike. */
const URI_LIST = 'text/uri-list';
/** Files from the desktop. */
const FILES = 'Files';

const DOCUMENT_TYPES: readonly string[] = [CODE_URI_LIST, RESOURCES, URI_LIST];

/** Whether a drag names documents, as opposed to carrying text. Its types are known while it is over the page; its data only once dropped. */
export function carriesDocuments(dt: DataTransfer | null): dt is DataTransfer {
  return !!dt && Array.from(dt.types).some((t) => DOCUMENT_TYPES.includes(t.toLowerCase()) || t === FILES);
}

const lines = (text: string): string[] => text.split(/\r?\n/).map((s) => s.trim()).filter((s) => s && !s.startsWith('#'));

function resources(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];
  } catch {
    return [];
  }
}

/** The URIs a drop names, from the fullest list it carries. */
export function droppedUris(dt: DataTransfer): string[] {
  const code = lines(dt.getData(CODE_URI_LIST));
  if (code.length) return code;
  const listed = resources(dt.getData(RESOURCES));
  return listed.length ? listed : lines(dt.getData(URI_LIST));
}

export interface DropTarget {
  /** Whether documents can be added now (not while reviewing or sending). */
  editing(): boolean;
  add(uris: string[]): void;
  /** Says something about the drop where the page announces what happened to its documents. */
  say(text: string): void;
}

/**
 * Listens for drops of documents on the whole page, and leaves every other
 * drag to the browser. VS Code's webview host cancels every `drag`,
 * `dragover` and `drop` that reaches the page's window (1.100:
 * `handleInnerDragEvent`, `handleInnerDropEvent`), which would cancel the
 * browser's own text drop too: a drag of text goes no further than the document.
 */
export function acceptDocumentDrops(target: DropTarget): void {
  const textOnly = (e: DragEvent): boolean => {
    if (carriesDocuments(e.dataTransfer)) return false;
    e.stopPropagation();
    return true;
  };
  document.addEventListener('drag', textOnly);
  document.addEventListener('dragover', (e) => {
    if (textOnly(e) || !e.dataTransfer) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = target.editing() ? 'copy' : 'none';
  });
  document.addEventListener('drop', (e) => {
    if (textOnly(e) || !e.dataTransfer) return;
    // Cancelled, so that a field it lands on does not take the URIs as text.
    e.preventDefault();
    if (!target.editing()) return;
    const uris = droppedUris(e.dataTransfer);
    if (uris.length) {
      target.add(uris);
      return;
    }
    // Files from the desktop: a page sees their names and contents, not where they are.
    target.say(notAdded(Array.from(e.dataTransfer.files, (f) => f.name)));
  });
}

/** Why files dropped from the desktop were not added, naming them. */
function notAdded(names: readonly string[]): string {
  if (names.length === 1) {
    return t('"{0}" could not be added: a file dropped from outside VS Code does not say where it is. Use Add from the Workspace…, or drag it from VS Code\'s Explorer while holding Shift.', names[0]);
  }
  // Quoted and listed as the extension's own messages list names ("a.pdf", "b.csv").
  const listed = names.map((n) => `"${n}"`).join(', ');
  return listed
    ? t('{0} could not be added: files dropped from outside VS Code do not say where they are. Use Add from the Workspace…, or drag them from VS Code\'s Explorer while holding Shift.', listed)
    : t('The files could not be added: files dropped from outside VS Code do not say where they are. Use Add from the Workspace…, or drag them from VS Code\'s Explorer while holding Shift.');
}
