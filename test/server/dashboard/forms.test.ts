/**
 * The dashboard's form bodies over HTTP: only URL-encoded forms, at most 16 KiB whether the length
 * is declared or the body streams chunked, UTF-8; anything else a 4xx page and nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { typedValues } from '../../../src/server/dashboard/forms.js';
import { MAX_BODY_BYTES } from '../../../src/server/policy/limits.js';
import { useSignedInAccount } from '../../support/dashboard.js';

const fixture = useSignedInAccount('STARTER');

/** POSTs `body` to the key creation form as `browser`, with `headers`. */
async function send(body: BodyInit, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const response = await fetch(`${fixture.server.url}/dashboard/accounts/${fixture.account.id}/keys`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: fixture.browser.cookie, ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: response.status, text: await response.text() };
}

const form = (extra = ''): string => `_csrf=${fixture.browser.csrf}&name=by+hand&expires=never&scopes=iban${extra}`;

describe('a form body', () => {
  it('is accepted URL-encoded, with or without a charset', async () => {
    // Taken: the key is made and the browser sent on to the page that shows it (303).
    expect((await send(form(), { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(303);
    expect((await send(form(), { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' })).status).toBe(303);
    expect(await fixture.server.store.keys.list(fixture.account.id)).toHaveLength(2);
  });

  it('is refused as another type (415), too large (413, declared or chunked) or not UTF-8 (400); no key made', async () => {
    const before = await fixture.server.store.keys.list(fixture.account.id);
    const json = await send(JSON.stringify({ _csrf: fixture.browser.csrf, name: 'json' }), { 'Content-Type': 'application/json' });
    expect(json.status).toBe(415);
    expect(json.text).toContain('nothing was changed');
    const multipart = new FormData();
    multipart.set('_csrf', fixture.browser.csrf);
    multipart.set('name', 'multipart');
    expect((await send(multipart, {})).status).toBe(415);

    const large = form(`&padding=${'x'.repeat(MAX_BODY_BYTES)}`);
    const declared = await send(large, { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(declared.status).toBe(413);
    expect(declared.text).toContain('larger than 16 KiB');
    const bytes = new TextEncoder().encode(large);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 4096) controller.enqueue(bytes.slice(offset, offset + 4096));
        controller.close();
      },
    });
    expect((await send(chunked, { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(413);

    const latin1 = Buffer.concat([Buffer.from(form('&note=')), Buffer.from([0xe9])]);
    expect((await send(latin1, { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(400);
    expect(await fixture.server.store.keys.list(fixture.account.id)).toEqual(before);
  });
});

describe('typedValues', () => {
  it('keeps what was typed, repeated fields joined by commas, without the CSRF token', () => {
    expect(typedValues(new URLSearchParams('_csrf=secret&name=a%20b&scopes=iban&scopes=vat&empty='))).toEqual({ name: 'a b', scopes: 'iban,vat', empty: '' });
  });
});
