/**
 * Webhook signing secrets: `whsec_` and 32 random bytes (base64url). Made when an account's webhook
 * is set or rotated, shown once to whoever set it, and kept sealed by the store.
 */
import { randomBytes } from 'node:crypto';

/** What every secret starts with, so that one pasted in the wrong place is recognised. */
export const SECRET_PREFIX = 'whsec_';

/**
 * A new signing secret.
 * @example
 * ```ts
 * /^whsec_[A-Za-z0-9_-]{43}$/.test(newWebhookSecret()); // true
 * ```
 */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}
