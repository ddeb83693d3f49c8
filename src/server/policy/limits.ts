/**
 * What the service accepts in one request (docs/service.md#request-bodies). The body reader, the
 * OpenAPI document and the usage log all read these, so the three cannot disagree.
 */

/** Largest accepted body, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;
/** Largest accepted `value` (and `traderName`), in characters (Unicode code points). */
export const MAX_VALUE_CHARACTERS = 1024;
