// Size budgets, one per package subpath, generated from scripts/entry-points.ts: the checks and the
// recorded budgets (measured size + at most 10 %) live in scripts/size-checks.ts and
// scripts/size-budgets.json. `npm run size` checks them, `npm run size:record` re-measures.
const { require: tsxRequire } = require('tsx/cjs/api');

module.exports = tsxRequire('./scripts/size-checks.ts', __filename).sizeLimitChecks();
