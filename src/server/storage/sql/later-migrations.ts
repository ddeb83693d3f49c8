/**
 * The migrations written once for both engines, oldest first: each engine applies them after its
 * own released ones (../sqlite/schema.ts, ../postgres/schema.ts), each step rendered by ./ddl.ts.
 * A table or column added to the declaration (./tables/) is added here too, by a step naming the
 * same declaration (`{ addTable: X }`, `{ addColumn: { table, column: X.columns[i] } }`); the
 * schema contract tests fail while the two disagree. Never edited once released.
 */
import type { MigrationStep } from './ddl.js';
import { SECRET_REVEALS } from './tables/sign-ins.js';

export const LATER_MIGRATIONS: readonly (readonly MigrationStep[])[] = [
  // The dashboard's secrets kept sealed for their one showing after a form (issue 31).
  [{ addTable: SECRET_REVEALS }],
];
