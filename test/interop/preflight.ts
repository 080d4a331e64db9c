// Loaded by `npm run test:interop` (mocha --file) before any suite: without
// Apache the suite is skipped with one line, except in CI, where a missing
// dependency must fail the run instead of passing it unnoticed.
import { apacheMissing, INSTALL_HINT } from './apache';

const why = apacheMissing();
if (why) {
  if (process.env.CI) {
    console.error(`Apache interop suite: ${why}; CI must install it (${INSTALL_HINT}).`);
    process.exit(1);
  }
  console.log(`Apache interop suite skipped: ${why} (install it with: ${INSTALL_HINT}).`);
  process.exit(0);
}
