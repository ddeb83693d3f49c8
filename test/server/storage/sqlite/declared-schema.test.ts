/** The declared schema against the released migrations on SQLite in memory (the suite: test/support/store/declared-schema-contract.ts). */
import { openSqlite } from '../../../../src/server/storage/index.js';
import { describeDeclaredSchema } from '../../../support/store/declared-schema-contract.js';

describeDeclaredSchema('SQLite', () => openSqlite());
