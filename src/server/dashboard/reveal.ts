/**
 * A secret a form made (a new API key, a webhook signing secret), shown once by the page the form
 * leads to (303), never by the form's answer: a reload or "back" then asks the page again, which
 * neither makes another secret nor shows this one twice. The form keeps the secret sealed in the
 * store (../storage/sql/secret-reveals.ts) under a random reference, bound to its session, for
 * REVEAL_TTL_MS (../policy/sessions.ts); the page's `?reveal=` names it and takes it out once.
 */
import { REVEAL_TTL_MS } from '../policy/sessions.js';
import type { RevealKind, Store } from '../storage/types.js';
import { hasTokenShape, newSecretToken, tokenHash, type SignedIn } from './session.js';

/** The query parameter of the page that shows the secret. */
export const REVEAL_PARAM = 'reveal';

/** What a form keeps for its page: the secret, whose account and what kind, and its name on the page. */
export interface Reveal {
  accountId: string;
  kind: RevealKind;
  secret: string;
  /** A key's name; null when the secret has none. */
  label: string | null;
}

/** Keeps `reveal` for the session's next page; resolves with the reference to put in that page's `?reveal=`. */
export async function keepForReveal(store: Store, signedIn: SignedIn, reveal: Reveal, now: Date): Promise<string> {
  const reference = newSecretToken();
  await store.secretReveals.create({
    hash: tokenHash(reference),
    sessionHash: signedIn.sessionHash,
    ...reveal,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REVEAL_TTL_MS),
  });
  return reference;
}

/**
 * The secret `reference` names, taken out (no later request gets it), when it is the session's,
 * has not expired and is of `accountId` and `kind`; null otherwise: shown already, expired,
 * another session's, or no reference at all. The page must not tell which.
 */
export async function takeReveal(store: Store, signedIn: SignedIn, reference: string, expected: Pick<Reveal, 'accountId' | 'kind'>, now: Date): Promise<Reveal | null> {
  if (!hasTokenShape(reference)) return null;
  const taken = await store.secretReveals.take(tokenHash(reference), signedIn.sessionHash, now);
  if (taken === null || taken.accountId !== expected.accountId || taken.kind !== expected.kind) return null;
  return { accountId: taken.accountId, kind: taken.kind, secret: taken.secret, label: taken.label };
}

/** The path of the page `path` that shows the secret of `reference`. */
export function revealPath(path: string, reference: string): string {
  return `${path}?${REVEAL_PARAM}=${reference}`;
}
