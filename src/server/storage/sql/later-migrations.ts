/**
 * The migrations written once for both engines, oldest first: each engine applies them after its
 * own released ones (../sqlite/schema.ts, ../postgres/schema.ts), each step rendered by ./ddl.ts.
 * A table or column added to the declaration (./tables/) is added here too, by a step naming the
 * same declaration (`{ addTable: X }`, `{ addColumn: { table, column: X.columns[i] } }`); the
 * schema contract tests fail while the two disagree. Never edited once released.
 */
import type { ColumnDeclaration, IndexDeclaration } from './tables/declare.js';
import type { MigrationStep } from './ddl.js';
import { ACCOUNT_MEMBERS, LINK_MEMBER, SECRET_REVEALS, SESSION_MEMBER } from './tables/sign-ins.js';
import { USAGE_LOG } from './tables/usage.js';

/** The declared index `name` of the usage log. */
function usageLogIndex(name: string): IndexDeclaration {
  const found = USAGE_LOG.indexes?.find((index) => index.name === name);
  if (found === undefined) throw new Error(`usage_log declares no index ${name}`);
  return found;
}

/** The declared column `name` of the usage log. */
function usageLogColumn(name: string): ColumnDeclaration {
  const found = USAGE_LOG.columns.find((column) => column.name === name);
  if (found === undefined) throw new Error(`usage_log declares no column ${name}`);
  return found;
}

export const LATER_MIGRATIONS: readonly (readonly MigrationStep[])[] = [
  // The dashboard's secrets kept sealed for their one showing after a form (issue 31).
  [{ addTable: SECRET_REVEALS }],
  // Refused requests in the usage log (docs/service.md#usage-log): their errorCode, and the reason of an invalid answer.
  [
    { addColumn: { table: USAGE_LOG.name, column: usageLogColumn('error_code') } },
    { addColumn: { table: USAGE_LOG.name, column: usageLogColumn('reason') } },
    { addIndex: { table: USAGE_LOG.name, index: usageLogIndex('usage_log_refused_page') } },
  ],
  // The accounts' members, who sign in by email, and the member each session and link signs in (issue 31).
  [
    { addTable: ACCOUNT_MEMBERS },
    { addColumn: { table: 'dashboard_sessions', column: SESSION_MEMBER } },
    { addColumn: { table: 'login_links', column: LINK_MEMBER } },
  ],
];
