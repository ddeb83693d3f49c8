/**
 * `verifield/messages`: messages of every field in the form's language (docs/messages.md). No
 * catalog is imported here: a form imports the one it uses, `verifield/messages/<lang>`.
 */
export { localize } from './localize.js';
export { messageKeyOf } from './message-key.js';
export { MESSAGE_FACTS } from './keys.js';
export type { MessageCatalog, MessageFact, MessageKey, ValidMessageKey } from './catalog.js';
