/**
 * Whether a key may validate a field now: not revoked, not expired, its account not suspended,
 * the field in its scope (docs/service.md#api-keys). Decided here only, with the same error codes
 * for every counted validation: the metered validation (metered.ts) asks it for each HTTP request,
 * job line and watch re-check with the key and account as last read, and the authenticator
 * (authenticator.ts) asks it once the key is read, so that a request is refused before its body is.
 */
import type { ErrorCode } from '../../result.js';
import { ERROR_MESSAGES, forbiddenMessage } from '../answers/errors.js';
import type { Account, ApiKeyRecord, Field } from '../storage/types.js';

/** The refusal of a key: the status and error code a request with it gets. */
export class KeyRefusal {
  /** A refused authentication outcome too (authenticator.ts AuthOutcome). */
  readonly ok = false;
  constructor(
    readonly status: 401 | 403,
    readonly code: ErrorCode,
    readonly message: string,
  ) {}
}

/** A refusal made once and shared by every request it answers. */
const refusal = (status: 401 | 403, code: ErrorCode, message: string): KeyRefusal => Object.freeze(new KeyRefusal(status, code, message));

export const REVOKED = refusal(401, 'INVALID_API_KEY', ERROR_MESSAGES.INVALID_API_KEY);
export const EXPIRED = refusal(401, 'EXPIRED_API_KEY', ERROR_MESSAGES.INVALID_API_KEY);
// Told only for a good key: an unknown or revoked key of a suspended account stays INVALID_API_KEY,
// so the answer never says more about an account than its holder of a working key may know.
export const SUSPENDED = refusal(401, 'ACCOUNT_SUSPENDED', ERROR_MESSAGES.ACCOUNT_SUSPENDED);

/** The key and its account, as last read from the store. */
export interface KeyHolder {
  key: ApiKeyRecord;
  account: Account;
}

/** Null when `holder`'s key may validate `field` at `at`, else why not (in the order a request is told). */
export function admission(holder: KeyHolder, field: Field, at: Date): KeyRefusal | null {
  const { key, account } = holder;
  if (key.revokedAt !== null) return REVOKED;
  if (key.expiresAt !== null && key.expiresAt.getTime() <= at.getTime()) return EXPIRED;
  if (account.suspendedAt !== null) return SUSPENDED;
  if (!key.scopes.includes(field)) return new KeyRefusal(403, 'FORBIDDEN', forbiddenMessage(field));
  return null;
}
