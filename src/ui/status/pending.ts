import { stateOf, type SubmissionNode } from '../lists/nodes';

/** A row still waiting for responses: the status bar counts it, polling checks it. */
export const isPending = (n: SubmissionNode) => stateOf(n).toUpperCase() === 'PENDING';
