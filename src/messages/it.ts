/**
 * `verifield/messages/it`: the Italian catalog (docs/messages.md), made of each field's
 * `src/<field>/messages/it.ts` and ./languages/it.ts by scripts/generate-fields.ts.
 */
export { it } from '../fields/generated/messages/it.js';
