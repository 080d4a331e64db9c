import { partApart } from '../partApart';

/**
 * The host side of New Submission's forms, bundled apart (dist/composerHost.js,
 * see esbuild.mjs): loaded when a form is first opened or brought back after
 * a reload, or a command asks for the drafts; never at activation.
 */
export const composerHost = partApart('composerHost.js', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./composerHost') as typeof import('./composerHost');
});
