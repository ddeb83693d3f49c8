/**
 * `verifield/messages/pt`: the European Portuguese catalog (docs/messages.md), made of each field's
 * `src/<field>/messages/pt.ts` and ./languages/pt.ts by scripts/generate-fields.ts.
 */
export { pt } from '../fields/generated/messages/pt.js';
