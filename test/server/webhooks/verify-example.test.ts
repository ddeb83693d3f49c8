/**
 * The signature check for receivers of docs/service.md#webhooks, run as written: ten lines of Node with node:crypto
 * only, against what the service really sends (signPayload).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../../src/server/webhooks/signature.js';
import { repoRoot } from '../../support/repo-root.js';

/** The example of docs/service.md#webhooks, verbatim (the first test holds the page to it). */
export const VERIFY_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifyVerifieldSignature(header, rawBody, secret, toleranceS = 300) {
  const parts = Object.fromEntries(String(header ?? '').split(',').map((part) => part.split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
`;

type Verify = (header: string | null | undefined, rawBody: string, secret: string, toleranceS?: number) => boolean;

const dir = mkdtempSync(join(tmpdir(), 'verifield-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function loadExample(): Promise<Verify> {
  const file = join(dir, 'verify.mjs');
  writeFileSync(file, VERIFY_EXAMPLE);
  const module = (await import(pathToFileURL(file).href)) as { verifyVerifieldSignature: Verify };
  return module.verifyVerifieldSignature;
}

describe("the receiver example of docs/service.md", () => {
  it('is the page\'s example, verbatim', () => {
    expect(readFileSync(join(repoRoot, 'docs/service.md'), 'utf8')).toContain(`\`\`\`js\n${VERIFY_EXAMPLE}`);
  });

  it('is ten lines', () => {
    expect(VERIFY_EXAMPLE.trimEnd().split('\n')).toHaveLength(10);
  });

  it('accepts what the service signs now, and refuses a changed body, another secret, an old signature or no header', async () => {
    const verify = await loadExample();
    const body = JSON.stringify({ id: 'evt_x', type: 'vat.registration_changed', createdAt: new Date().toISOString(), data: { watch: { value: 'LU12345678' } } });
    const now = Math.floor(Date.now() / 1000);
    const header = signPayload('whsec_abc', body, now);
    expect(verify(header, body, 'whsec_abc')).toBe(true);
    expect(verify(header, body.replace('LU', 'DE'), 'whsec_abc')).toBe(false);
    expect(verify(header, body, 'whsec_abd')).toBe(false);
    expect(verify(signPayload('whsec_abc', body, now - 301), body, 'whsec_abc')).toBe(false);
    expect(verify(undefined, body, 'whsec_abc')).toBe(false);
    expect(verify('t=1,v1=00', body, 'whsec_abc')).toBe(false);
  });
});
