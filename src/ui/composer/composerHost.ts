// What dist/composerHost.js holds (see esbuild.mjs and composerPart.ts): New
// Submission's tabs and the steps of the commands that open them.
export { ComposerTabs } from './composerTabs';
export { startNewSubmission } from './newSubmissionStart';
export { sendAgain } from './sendAgain';
