/**
 * Forwarding ("relay") services: each address is a persistent alias that forwards to the user's
 * real inbox. On a billing form they are a deliberate privacy choice, not a throwaway inbox, so
 * they are reported as `relay` and kept out of the disposable and free-provider sets (the
 * generator subtracts them).
 *
 * Curated, not generated: the list sources disagree about these services (mailchecker files
 * most of them as disposable and dropped privaterelay.appleid.com in 2026-04; the
 * disposable-email-domains project lists none of them), so the choice is ours. Each entry is a
 * domain that the service itself documents as the domain of its aliases.
 */
export const relayDomains: readonly string[] = [
  // DuckDuckGo Email Protection.
  'duck.com',
  // Firefox Relay.
  'mozmail.com',
  // SimpleLogin (Proton): the service domains and the alias domain of its free plan.
  'simplelogin.com',
  'simplelogin.co',
  'simplelogin.fr',
  'aleeas.com',
  // addy.io, formerly AnonAddy: users also get `<name>.anonaddy.com` style subdomains.
  'anonaddy.com',
  'anonaddy.me',
  'addy.io',
  // Proton Pass aliases.
  'passinbox.com',
  // Sign in with Apple, "Hide My Email".
  'privaterelay.appleid.com',
  // 33mail: one of the oldest alias services; the disposable lists that carry it confuse it
  // with a temporary inbox.
  '33mail.com',
];
