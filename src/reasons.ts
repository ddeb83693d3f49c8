/**
 * Why a value was rejected: one stable upper-case code per failure, one list per field
 * (docs/envelope.md#reason-codes). A form shows its own text for a code, or hands the result to
 * `localize` (verifield/messages). Codes are a contract: added, never renamed or removed.
 *
 * Each field's list is a const tuple in its folder (`src/<field>/reasons.ts`), so that the union type
 * and the runtime list are one piece of code; this module re-exports them with `ReasonCode` (every
 * code) and `REASONS` (the lists by field), derived from the folders. A validator imports only the
 * types (erased), so the lists cost its bundle nothing.
 * @example
 * ```ts
 * REASONS.iban.includes('IBAN_BAD_CHECKSUM'); // true
 * REASONS.nas.length; // 3
 * ```
 */
export * from './fields/generated/reasons.js';
