/**
 * `verifield/messages/pl`: the Polish catalog (docs/messages.md), made of each field's
 * `src/<field>/messages/pl.ts` and ./languages/pl.ts by scripts/generate-fields.ts.
 */
export { pl } from '../fields/generated/messages/pl.js';
