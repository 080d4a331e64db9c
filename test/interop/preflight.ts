// Loaded by `npm run test:interop` (mocha --file) before any suite: without
// Apache the suite does not run (one line, counted as not run), except in CI,
// where a missing dependency must fail the run instead of passing unnoticed.
import { optionalSuite } from '../reliability/optional';
import { apacheMissing, INSTALL_HINT } from './apache';

try {
  if (!optionalSuite('Apache interop suite', apacheMissing(), INSTALL_HINT)) process.exit(0);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
