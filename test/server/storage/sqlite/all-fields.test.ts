/** The key scope "all fields" across its upgrade on SQLite in memory (the suite: test/support/store/all-fields-contract.ts). */
import { openSqlite } from '../../../../src/server/storage/index.js';
import { describeAllFieldsUpgrade } from '../../../support/store/all-fields-contract.js';

describeAllFieldsUpgrade('SQLite', () => openSqlite());
