/**
 * An engine's schema: its released migrations followed by those written once (./later-migrations.ts),
 * and the script that creates the declared schema (./tables/) on a new store in one step, which
 * stands for every one of those migrations (./migrate.ts).
 */
import { renderMigration, renderSchema, type DdlSpelling } from './ddl.js';
import type { DeclaredSchema } from './dialect.js';
import { LATER_MIGRATIONS } from './later-migrations.js';
import { DECLARED_TABLES } from './tables/index.js';

export interface EngineSchema {
  readonly migrations: readonly string[];
  readonly fresh: DeclaredSchema;
}

export function engineSchema(released: readonly string[], spelling: DdlSpelling): EngineSchema {
  const migrations = [...released, ...LATER_MIGRATIONS.map((steps) => renderMigration(spelling, steps))];
  return { migrations, fresh: { version: migrations.length, script: renderSchema(spelling, DECLARED_TABLES) } };
}
