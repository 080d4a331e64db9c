import type { ComposerForm, FromComposer, ToComposer } from '../../shared/composerMessages';
import type { PanelHost } from '../webviews/panelHost';
import type { ArchiveCopies } from './archiveCopies';

/** An open New Submission form: its tab, its draft, and where it stands. */
export interface Entry {
  readonly host: PanelHost<ToComposer, FromComposer>;
  readonly draftId: string;
  /** The account it belongs to (its draft's): it is sent to that one only. Undefined for a draft of no known account, until an archive document is added. */
  account?: string;
  form: ComposerForm;
  /** The form the review step showed: only that one is sent. */
  reviewed?: ComposerForm;
  sending: boolean;
  /** Changed by the user since it opened: an untouched form leaves no draft when it closes. */
  touched: boolean;
  closed: boolean;
  /** Its archive documents' copies, and fetching them. */
  readonly copies: ArchiveCopies;
}
