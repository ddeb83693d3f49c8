/**
 * `verifield/messages/de`: the German catalog (docs/messages.md), made of each field's
 * `src/<field>/messages/de.ts` and ./languages/de.ts by scripts/generate-fields.ts.
 */
export { de } from '../fields/generated/messages/de.js';
