/**
 * verifield/client against a tiny node:http stand-in of the API: what goes on the wire for each
 * method (path, method, headers, body), how answers and error statuses come back, and that the
 * client builds for a browser. test/client/against-server.test.ts runs the same client against the real server.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { closeServer, listenOnLoopback, withBody } from '../support/fakes/loopback.js';
import { build } from 'esbuild';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_VERSION, createClient, isVerifieldApiError, SDK_HEADER_VALUE, VerifieldApiError } from '../../src/client/index.js';
import { openApiDocument } from '../../src/server/http/openapi.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

let server: Server;
let base: string;
const received: Received[] = [];
let answer: (request: Received) => Answer;
const jsonAnswer = (status: number, body: unknown, headers?: Record<string, string>): Answer => ({
  status,
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json', ...headers },
});

beforeAll(async () => {
  server = createServer(
    withBody((req, res, body) => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const { status, body: answerBody, headers, delayMs } = answer(request);
      setTimeout(() => res.writeHead(status, headers).end(answerBody), delayMs ?? 0);
    }),
  );
  base = `http://127.0.0.1:${await listenOnLoopback(server)}`;
});

afterAll(() => closeServer(server));

beforeEach(() => {
  received.length = 0;
  answer = (request) => jsonAnswer(200, { echo: request.url });
});

const last = (): Received => received[received.length - 1] as Received;

describe('createClient: what each method sends', () => {
  const client = () => createClient({ baseUrl: base, apiKey: 'vf_testkey' });

  it.each([
    ['validateIban', 'iban'],
    ['validateEmail', 'email'],
    ['validatePhone', 'phone'],
    ['validateNif', 'nif'],
    ['validateNas', 'nas'],
    ['validateSsn', 'ssn'],
    ['validateVat', 'vat'],
  ] as const)('%s posts {value} as JSON to /api/v1/validate/%s with the key and the SDK header', async (method, field) => {
    await client()[method](' some value ');
    const request = last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/api/v1/validate/${field}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-api-key']).toBe('vf_testkey');
    expect(request.headers['x-service-sdk']).toBe(`verifield-js/${pkg.version}`);
    expect(JSON.parse(request.body)).toEqual({ value: ' some value ' });
  });

  it('sends traderName with a VAT number when given', async () => {
    await client().validateVat('DE129273398', { traderName: 'Muster GmbH' });
    expect(JSON.parse(last().body)).toEqual({ value: 'DE129273398', traderName: 'Muster GmbH' });
  });

  it('sends defaultCountry with a phone number when given, and never to another endpoint (which would refuse it)', async () => {
    await client().validatePhone('020 7946 0958', { defaultCountry: 'GB' });
    expect(JSON.parse(last().body)).toEqual({ value: '020 7946 0958', defaultCountry: 'GB' });
    const loose = client() as unknown as Record<string, (value: string, options: { defaultCountry: string }) => Promise<unknown>>;
    await loose.validateVat?.('LU26375245', { defaultCountry: 'LU' });
    expect(JSON.parse(last().body)).toEqual({ value: 'LU26375245' });
    const sent = received.length;
    await expect(client().validatePhone('020', { defaultCountry: 44 as unknown as string })).rejects.toThrow(TypeError);
    expect(received.length).toBe(sent);
  });

  it('reads the reference endpoints with a plain GET: no key, no custom header (no CORS preflight in a browser)', async () => {
    const c = client();
    await c.vatRates();
    await c.vatRatesFor(' gr ');
    await c.vatRatesFor('a/b?c');
    await c.viesStatus();
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/vat/rates',
      'GET /api/v1/vat/rates/gr',
      'GET /api/v1/vat/rates/a%2Fb%3Fc',
      'GET /api/v1/status/vies',
    ]);
    for (const request of received) {
      expect(request.headers['x-api-key']).toBeUndefined();
      expect(request.headers['x-service-sdk']).toBeUndefined();
      expect(request.body).toBe('');
    }
  });

  it('keeps a path prefix of the base URL and drops its trailing slashes', async () => {
    await createClient({ baseUrl: `${base}/verifield//`, apiKey: 'k' }).validateIban('x');
    expect(last().url).toBe('/verifield/api/v1/validate/iban');
  });

  it('sends no X-API-KEY when created without a key', async () => {
    await createClient({ baseUrl: base }).validateIban('x');
    expect(last().headers['x-api-key']).toBeUndefined();
  });

  it('goes through an injected fetch', async () => {
    const calls: string[] = [];
    const c = createClient({
      baseUrl: 'https://verifield.invalid',
      apiKey: 'k',
      fetch: async (input) => {
        calls.push(String(input));
        return new Response(JSON.stringify({ valid: true }), { status: 200 });
      },
    });
    expect(await c.validateSsn('123-45-6789')).toEqual({ valid: true });
    expect(calls).toEqual(['https://verifield.invalid/api/v1/validate/ssn']);
  });

  it('rejects a value that is not a string with a TypeError, sending nothing', async () => {
    const c = client();
    await expect(c.validateIban(42 as unknown as string)).rejects.toThrow(TypeError);
    await expect(c.validateVat('DE1', { traderName: 7 as unknown as string })).rejects.toThrow(TypeError);
    await expect(c.vatRatesFor(null as unknown as string)).rejects.toThrow(TypeError);
    expect(received).toHaveLength(0);
    expect(() => createClient({ baseUrl: undefined as unknown as string })).toThrow(TypeError);
  });

  it('has one method per operation of the OpenAPI document but the admin API, named by its operationId', () => {
    // The admin API is the operator's and the dashboard's, not an API-key client's.
    const operationIds = Object.values(openApiDocument.paths)
      .flatMap((item) => [item.get, item.put, item.post, item.patch, item.delete])
      .filter((operation) => operation !== undefined && !(operation.tags ?? []).includes('Administration'))
      .map((operation) => operation?.operationId);
    // jobResults answers NDJSON or CSV by Accept; the CSV form is a method of its own, since it yields text, not lines.
    // The same operation in another format: results as CSV, a job sent as a CSV or NDJSON file.
    const formatVariants = ['jobResultsCsv', 'submitJobFile'];
    expect(operationIds).toContain('jobResults');
    expect(Object.keys(createClient({ baseUrl: base })).sort()).toEqual([...operationIds, ...formatVariants].sort());
  });

  it('names its version after package.json', () => {
    expect(CLIENT_VERSION).toBe(pkg.version);
    expect(SDK_HEADER_VALUE).toBe(`verifield-js/${pkg.version}`);
  });
});

describe('createClient: answers', () => {
  it('resolves with the body of a 200, a negative verdict included', async () => {
    const verdict = { valid: false, message: 'SIN check digit does not match, please check the number', reason: 'NAS_BAD_CHECK_DIGIT', normalizedValue: '123456789', originalValue: '123 456 789', validationLevel: 'STANDARD' };
    answer = () => jsonAnswer(200, verdict);
    await expect(createClient({ baseUrl: base, apiKey: 'k' }).validateNas('123 456 789')).resolves.toEqual(verdict);
  });

  it('rejects an error status with a VerifieldApiError carrying status, errorCode, body and Retry-After', async () => {
    const envelope = {
      valid: false,
      message: 'Too many requests at once: your plan allows 3 in flight; retry in a second',
      reason: null,
      normalizedValue: null,
      originalValue: 'x',
      validationLevel: 'STANDARD',
      errorCode: 'CONCURRENCY_LIMIT',
    };
    answer = () => jsonAnswer(429, envelope, { 'Retry-After': '1' });
    const error = await createClient({ baseUrl: base, apiKey: 'k' }).validateIban('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VerifieldApiError);
    expect(isVerifieldApiError(error)).toBe(true);
    const apiError = error as VerifieldApiError;
    expect(apiError.status).toBe(429);
    expect(apiError.errorCode).toBe('CONCURRENCY_LIMIT');
    expect(apiError.body).toEqual(envelope);
    expect(apiError.retryAfter).toBe(1);
    expect(apiError.message).toContain(envelope.message);
    expect(apiError.name).toBe('VerifieldApiError');
  });

  it('reads a Retry-After given as an HTTP date, and the { errorCode, message } body of the reference endpoints', async () => {
    const in30s = new Date(Date.now() + 30_000).toUTCString();
    const body = { errorCode: 'RATES_UNAVAILABLE', message: 'VAT rates have not been retrieved yet; please retry in a moment' };
    answer = () => jsonAnswer(503, body, { 'Retry-After': in30s });
    const error = (await createClient({ baseUrl: base }).vatRates().catch((e: unknown) => e)) as VerifieldApiError;
    expect(error.status).toBe(503);
    expect(error.errorCode).toBe('RATES_UNAVAILABLE');
    expect(error.body).toEqual(body);
    expect(error.message).toBe(`HTTP 503 RATES_UNAVAILABLE: ${body.message}`);
    expect(error.retryAfter).toBeGreaterThanOrEqual(28);
    expect(error.retryAfter).toBeLessThanOrEqual(30);
    // A proxy in front of the service may answer { message } alone: no code, the message kept.
    answer = () => jsonAnswer(502, { message: 'Bad gateway' });
    const proxied = (await createClient({ baseUrl: base }).vatRates().catch((e: unknown) => e)) as VerifieldApiError;
    expect(proxied).toMatchObject({ status: 502, errorCode: null, body: { message: 'Bad gateway' } });
  });

  it('resolves readyz with the report on 503 as on 200, and rejects other statuses', async () => {
    const report = { status: 'not-ready', checkedAt: '2026-11-26T00:00:00.000Z', store: { writable: false, latencyMs: null, message: 'the store did not answer within 2 s' }, vatRates: null, viesStatusFeed: null };
    answer = () => jsonAnswer(503, report);
    expect(await createClient({ baseUrl: base }).readyz()).toEqual(report);
    answer = () => jsonAnswer(502, report);
    const gateway = (await createClient({ baseUrl: base }).readyz().catch((e: unknown) => e)) as VerifieldApiError;
    expect(gateway).toBeInstanceOf(VerifieldApiError);
    expect(gateway.status).toBe(502);
    answer = () => jsonAnswer(503, { message: 'busy' });
    const healthz = (await createClient({ baseUrl: base }).healthz().catch((e: unknown) => e)) as VerifieldApiError;
    expect(healthz.status).toBe(503);
  });

  it('rejects a body that is not JSON (a proxy page), and a 200 that is not an object, with body null', async () => {
    answer = () => ({ status: 502, body: '<html>Bad gateway</html>', headers: { 'Content-Type': 'text/html' } });
    const gateway = (await createClient({ baseUrl: base }).viesStatus().catch((e: unknown) => e)) as VerifieldApiError;
    expect(gateway).toBeInstanceOf(VerifieldApiError);
    expect(gateway.status).toBe(502);
    expect(gateway.body).toBeNull();
    expect(gateway.errorCode).toBeNull();
    expect(gateway.retryAfter).toBeNull();

    answer = () => jsonAnswer(200, ['not', 'an', 'object']);
    const odd = (await createClient({ baseUrl: base }).viesStatus().catch((e: unknown) => e)) as VerifieldApiError;
    expect(odd.status).toBe(200);
    expect(odd.body).toBeNull();
  });

  it('lets a caller abort a call', async () => {
    answer = () => ({ ...jsonAnswer(200, { valid: true }), delayMs: 2_000 });
    const controller = new AbortController();
    const pending = createClient({ baseUrl: base, apiKey: 'k' }).validateEmail('a@b.example', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects with fetch’s own error when nothing answers', async () => {
    const closed = createServer();
    const port = await listenOnLoopback(closed);
    await closeServer(closed);
    const error = await createClient({ baseUrl: `http://127.0.0.1:${port}` }).viesStatus().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(isVerifieldApiError(error)).toBe(false);
  });
});

describe('verifield/client in a browser bundle', () => {
  it('bundles for the browser without Node built-ins, carrying only the version of package.json', async () => {
    const result = await build({
      entryPoints: [new URL('../../src/client/index.ts', import.meta.url).pathname],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).toContain(`"${pkg.version}"`);
    expect(code).not.toMatch(/from\s+["']node:|require\(["']node:/);
    expect(code).not.toContain('devDependencies');
    // Small: the client must not pull validators or data into a page. Its modules are its own, the
    // envelope's requireString and the field catalog; the catalog's data grows by one line per field
    // folder (src/fields/generated/catalog.ts), everything else stays under 9,500 characters.
    const modules = [...code.matchAll(/^\/\/ (\S+)$/gm)].map((match) => match[1] ?? '');
    const allowed = ['src/result.ts', 'src/fields/generated/catalog.ts', 'src/fields/catalog.ts', 'package.json'];
    expect(modules.filter((module) => !module.startsWith('src/client/') && !allowed.includes(module))).toEqual([]);
    const catalogData = code.slice(code.indexOf('// src/fields/generated/catalog.ts'), code.indexOf('// src/fields/catalog.ts'));
    expect(catalogData).toMatch(/^\/\/ src\/fields\/generated\/catalog\.ts\nvar FIELD_CATALOG = \{\n(?: {2}\w+: \{ operation: "\w+", requestMembers: \{(?: \w+: "(?:offline|verified)" )?\} \},?\n)+\};\n\n$/);
    expect(code.length - catalogData.length).toBeLessThan(9_500);
  });
});
