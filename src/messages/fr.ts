/**
 * `verifield/messages/fr`: the French catalog (docs/messages.md), made of each field's
 * `src/<field>/messages/fr.ts` and ./languages/fr.ts by scripts/generate-fields.ts.
 */
export { fr } from '../fields/generated/messages/fr.js';
