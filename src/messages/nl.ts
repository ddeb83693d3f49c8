/**
 * `verifield/messages/nl`: the Dutch catalog (docs/messages.md), made of each field's
 * `src/<field>/messages/nl.ts` and ./languages/nl.ts by scripts/generate-fields.ts.
 */
export { nl } from '../fields/generated/messages/nl.js';
