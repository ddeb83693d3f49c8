/**
 * Which details each message shows: a catalog's template for a key names exactly these facts, so a
 * translation never drops the expected length or the suggested address (test/messages checks every
 * catalog against this table). Each field lists its keys' facts in `src/<field>/messages/facts.ts`;
 * the English wording each key stands for is in docs/messages.md.
 */
import { FIELD_MESSAGE_FACTS } from '../fields/generated/message-facts.js';
import type { MessageFact, MessageKey } from './catalog.js';

/** The facts every template of a key names, by key. */
export const MESSAGE_FACTS: Readonly<Record<MessageKey, readonly MessageFact[]>> = FIELD_MESSAGE_FACTS;
