/**
 * `verifield/messages/es`: the Spanish (Spain) catalog (docs/messages.md), made of each field's
 * `src/<field>/messages/es.ts` and ./languages/es.ts by scripts/generate-fields.ts.
 */
export { es } from '../fields/generated/messages/es.js';
