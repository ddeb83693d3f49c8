/**
 * Membership of a domain or local part in the generated lists (disposable, free provider, role)
 * and in the curated relay list. Each list ships as one compact string and becomes a Set on its
 * first lookup, so importing this module costs nothing until a lookup runs.
 */
import { disposableDomainList } from './data/disposable-domains.generated.js';
import { freeProviderDomainList } from './data/free-provider-domains.generated.js';
import { roleLocalPartList } from './data/role-local-parts.generated.js';
import { relayDomains } from './relay-domains.js';

let disposable: Set<string> | undefined;
let freeProviders: Set<string> | undefined;
let roles: Set<string> | undefined;
let relays: Set<string> | undefined;

/**
 * `domain` or one of its parent domains of two labels or more is in `set`. The disposable lists
 * hold registrable domains, and their services hand out any subdomain of them.
 */
function hasDomainOrParent(set: ReadonlySet<string>, domain: string): boolean {
  let start = 0;
  for (;;) {
    if (set.has(start === 0 ? domain : domain.slice(start))) return true;
    const dot = domain.indexOf('.', start);
    if (dot < 0 || domain.indexOf('.', dot + 1) < 0) return false;
    start = dot + 1;
  }
}

/**
 * True when `domain` (lower-case ASCII, as `checkEmailSyntax` returns it) or a parent of it is a
 * known disposable (temporary inbox) service.
 *
 * @example
 * ```ts
 * isDisposableDomain('mailinator.com'); // true
 * isDisposableDomain('eu.mailinator.com'); // true
 * isDisposableDomain('gmail.com'); // false
 * ```
 */
export function isDisposableDomain(domain: string): boolean {
  disposable ??= new Set(disposableDomainList.split('\n'));
  return hasDomainOrParent(disposable, domain);
}

/**
 * True when `domain` (lower-case ASCII) is a known free mailbox provider such as gmail.com.
 *
 * @example
 * ```ts
 * isFreeProviderDomain('gmail.com'); // true
 * isFreeProviderDomain('acme.com'); // false
 * ```
 */
export function isFreeProviderDomain(domain: string): boolean {
  freeProviders ??= new Set(freeProviderDomainList.split('\n'));
  return freeProviders.has(domain);
}

/**
 * True when `domain` (lower-case ASCII) or a parent of it is a forwarding service that hands out
 * aliases of a real inbox (duck.com, mozmail.com, SimpleLogin, addy.io, Hide My Email…).
 *
 * @example
 * ```ts
 * isRelayDomain('duck.com'); // true
 * isRelayDomain('gmail.com'); // false
 * ```
 */
export function isRelayDomain(domain: string): boolean {
  relays ??= new Set(relayDomains);
  return hasDomainOrParent(relays, domain);
}

/**
 * True when `localPart` names a shared mailbox (info, admin, support, noreply, postmaster…).
 * Case is ignored, and so is a `+tag` subaddress (`info+shop` is still `info`).
 *
 * @example
 * ```ts
 * isRoleLocalPart('Info+shop'); // true
 * isRoleLocalPart('jane'); // false
 * ```
 */
export function isRoleLocalPart(localPart: string): boolean {
  roles ??= new Set(roleLocalPartList.split('\n'));
  const plus = localPart.indexOf('+');
  const base = plus < 0 ? localPart : localPart.slice(0, plus);
  return roles.has(base.toLowerCase());
}
