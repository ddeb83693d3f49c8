/**
 * The form in which a validated value enters the usage log (docs/service.md#usage-log), as each
 * field's entry of the field registry says (src/fields/usage-log.ts): the store's meter applies it
 * to every entry it writes.
 */
export { usageLogValue } from '../../fields/usage-log.js';
