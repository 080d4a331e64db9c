// The id of every command the extension declares in package.json, written
// once: registrations, tree rows, buttons in messages and executeCommand use
// these names. Outside commands/ (no vscode import) so that any ui module,
// and a plain unit test, can read it.

export const Cmd = {
  signIn: 'dsas.signIn',
  signOut: 'dsas.signOut',
  openSettings: 'dsas.openSettings',
  showLog: 'dsas.showLog',
  refreshSubmissions: 'dsas.refreshSubmissions',
  refreshArchive: 'dsas.refreshArchive',
  refreshItem: 'dsas.refreshItem',
  filterSubmissions: 'dsas.filterSubmissions',
  clearSubmissionsFilter: 'dsas.clearSubmissionsFilter',
  filterArchive: 'dsas.filterArchive',
  clearArchiveFilter: 'dsas.clearArchiveFilter',
  sortSubmissions: 'dsas.sortSubmissions',
  showOnlySubmissions: 'dsas.showOnlySubmissions',
  loadMore: 'dsas.loadMore',
  newSubmission: 'dsas.newSubmission',
  addToSubmission: 'dsas.addToSubmission',
  sendAgain: 'dsas.sendAgain',
  checkStatus: 'dsas.checkStatus',
  showHistory: 'dsas.showHistory',
  showSummary: 'dsas.showSummary',
  downloadAttachment: 'dsas.downloadAttachment',
  downloadAll: 'dsas.downloadAll',
  openAttachment: 'dsas.openAttachment',
  savePdf: 'dsas.savePdf',
  copySubmissionId: 'dsas.copySubmissionId',
  archiveFile: 'dsas.archiveFile',
  archiveFolder: 'dsas.archiveFolder',
  archiveAttachment: 'dsas.archiveAttachment',
  archiveSummary: 'dsas.archiveSummary',
  downloadArchiveFile: 'dsas.downloadArchiveFile',
  openArchiveFile: 'dsas.openArchiveFile',
  copyFileId: 'dsas.copyFileId',
  revealInArchive: 'dsas.revealInArchive',
  revealSubmission: 'dsas.revealSubmission',
} as const;

export type CommandId = (typeof Cmd)[keyof typeof Cmd];
