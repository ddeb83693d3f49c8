import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { disposableDomainList } from '../../src/email/data/disposable-domains.generated.js';
import { freeProviderDomainList } from '../../src/email/data/free-provider-domains.generated.js';
import { roleLocalPartList } from '../../src/email/data/role-local-parts.generated.js';
import { emailDataVersions } from '../../src/email/data/versions.generated.js';
import { isDisposableDomain, isFreeProviderDomain, isRelayDomain, isRoleLocalPart } from '../../src/email/lists.js';
import { relayDomains } from '../../src/email/relay-domains.js';
import { checkEmailSyntax } from '../../src/email/syntax.js';
import { suggestEmailDomain } from '../../src/email/typo.js';
import { typoTargetDomains, typoTargetDomainsExactName } from '../../src/email/typo-targets.js';
import { repoRoot } from '../support/repo-root.js';

function installedVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

describe('generated email data', () => {
  it('records the versions of the packages it was generated from', () => {
    for (const name of ['disposable-email-domains-js', 'email-providers', 'mailchecker', 'role-based-email-addresses', 'tldts']) {
      expect(emailDataVersions[name], name).toBe(installedVersion(name));
    }
  });

  it('holds sorted, unique, well-formed entries', () => {
    for (const list of [disposableDomainList, freeProviderDomainList]) {
      const domains = list.split('\n');
      expect(domains).toEqual([...new Set(domains)].sort());
      for (const domain of domains) expect(checkEmailSyntax(`x@${domain}`).normalized, domain).toBe(`x@${domain}`);
    }
    const roles = roleLocalPartList.split('\n');
    expect(roles).toEqual([...new Set(roles)].sort());
    for (const role of roles) expect(checkEmailSyntax(`${role}@example.com`).valid, role).toBe(true);
  });

  it('is of the expected size (thousands of disposable and free domains)', () => {
    expect(disposableDomainList.split('\n').length).toBeGreaterThan(5000);
    expect(freeProviderDomainList.split('\n').length).toBeGreaterThan(3000);
    expect(roleLocalPartList.split('\n').length).toBeGreaterThan(500);
  });
});

describe('isDisposableDomain', () => {
  it('knows the well-known temporary inbox services, and their subdomains', () => {
    for (const domain of ['mailinator.com', 'guerrillamail.com', 'yopmail.com', '10minutemail.com']) {
      expect(isDisposableDomain(domain), domain).toBe(true);
      expect(isDisposableDomain(`inbox.${domain}`), domain).toBe(true);
    }
  });

  it('never lists a major mailbox provider, a relay service or a plain business domain', () => {
    for (const domain of [...typoTargetDomains, ...typoTargetDomainsExactName, ...relayDomains]) {
      expect(isDisposableDomain(domain), domain).toBe(false);
    }
    for (const domain of ['example.com', 'acme-corp.de', 'com', 'co.uk']) expect(isDisposableDomain(domain), domain).toBe(false);
  });

  it('keeps the typo-squats it lists (they still get their suggestion)', () => {
    for (const [squat, meant] of [
      ['gmial.com', 'gmail.com'],
      ['hotmial.com', 'hotmail.com'],
    ] as const) {
      expect(isDisposableDomain(squat), squat).toBe(true);
      expect(suggestEmailDomain(squat), squat).toBe(meant);
    }
  });
});

describe('isFreeProviderDomain', () => {
  it('knows the big free mailbox providers', () => {
    for (const domain of ['gmail.com', 'outlook.com', 'hotmail.com', 'yahoo.com', 'icloud.com', 'gmx.de', 'web.de', 'yandex.ru', 'mail.ru', 'proton.me']) {
      expect(isFreeProviderDomain(domain), domain).toBe(true);
    }
  });

  it('leaves out disposable services, relays, reserved names and business domains', () => {
    for (const domain of ['mailinator.com', 'yopmail.com', 'duck.com', 'privaterelay.appleid.com', 'example.com', 'acme-corp.de']) {
      expect(isFreeProviderDomain(domain), domain).toBe(false);
    }
  });

  it('holds no domain the typo check would correct (no typo-squats)', () => {
    const corrected = freeProviderDomainList.split('\n').filter((domain) => suggestEmailDomain(domain) !== null);
    expect(corrected).toEqual([]);
  });
});

describe('isRelayDomain', () => {
  it('knows the forwarding services and their user subdomains', () => {
    for (const domain of ['duck.com', 'mozmail.com', 'simplelogin.com', 'aleeas.com', 'addy.io', 'privaterelay.appleid.com']) {
      expect(isRelayDomain(domain), domain).toBe(true);
    }
    expect(isRelayDomain('jane.anonaddy.com')).toBe(true);
  });

  it('is false for ordinary domains, and for a domain that merely ends like one', () => {
    for (const domain of ['gmail.com', 'appleid.com', 'myduck.com', 'com']) expect(isRelayDomain(domain), domain).toBe(false);
  });
});

describe('isRoleLocalPart', () => {
  it('knows the role mailboxes of docs/fields/email.md#verdict and every mailbox name of RFC 2142', () => {
    const rfc2142 = ['info', 'marketing', 'sales', 'support', 'abuse', 'noc', 'security', 'postmaster', 'hostmaster', 'usenet', 'news', 'webmaster', 'www', 'uucp', 'ftp'];
    for (const local of ['info', 'admin', 'support', 'noreply', 'postmaster', 'webmaster', ...rfc2142]) {
      expect(isRoleLocalPart(local), local).toBe(true);
    }
  });

  it('ignores case and a +tag subaddress', () => {
    expect(isRoleLocalPart('Info')).toBe(true);
    expect(isRoleLocalPart('SUPPORT+eu')).toBe(true);
    expect(isRoleLocalPart('no-reply')).toBe(true);
  });

  it('does not take people, generic words or placeholders for roles', () => {
    for (const local of ['jane', 'john.doe', 'j.smith+news', 'test', 'user', 'mail', 'email', 'null', 'asdf', '2024']) {
      expect(isRoleLocalPart(local), local).toBe(false);
    }
  });
});
