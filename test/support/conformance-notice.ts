/**
 * vitest globalSetup (vitest.config.ts): says once per run, not once per suite, when the corpora of
 * the conformance layer are missing (docs/architecture.md#tests).
 */
import { missingFixturesLine } from './shared-fixtures.js';

export default function announceMissingFixtures(): void {
  const line = missingFixturesLine();
  if (line !== null) console.log(line);
}
