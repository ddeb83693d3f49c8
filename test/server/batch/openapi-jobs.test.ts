/**
 * The job operations' part of the OpenAPI document (src/server/http/openapi-jobs.ts) describes
 * what the routes really answer: every answer below is checked against the document the service
 * serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../src/server/http/openapi.js';
import { accountWithKey } from '../../support/server.js';
import { createOpenApiValidator, type OpenApiValidator } from '../../support/openapi-validator.js';
import { startJobHarness, type JobHarness } from './harness.js';

let h: JobHarness;
let validator: OpenApiValidator;

beforeAll(async () => {
  h = await startJobHarness();
  // The document the service serves, with the job operations merged in by openapi.ts.
  const document = (await (await h.request('/api/v1/openapi.json')).json()) as OpenApiDocument;
  validator = createOpenApiValidator(document);
});
afterAll(async () => {
  await h?.close();
});

async function checked(method: 'get' | 'post' | 'delete', path: string, init: RequestInit & { key?: string } = {}): Promise<Response> {
  const response = await h.request(path, { ...init, method: method.toUpperCase() });
  const body = await response.clone().text();
  expect(validator.check({ method, path: path.split('?')[0] as string, status: response.status, headers: response.headers, body })).toEqual([]);
  return response;
}

describe('the job operations in the OpenAPI document', () => {
  it('describe the answers the routes give', async () => {
    const { key } = await accountWithKey(h.store, 'STARTER');
    const other = await accountWithKey(h.store, 'STARTER');
    const body = JSON.stringify({ field: 'iban', values: ['DE89370400440532013000', 'nope'], webhookUrl: 'http://127.0.0.1:9/hook' });
    const submitted = await checked('post', '/api/v1/jobs', { key, body, headers: { 'Content-Type': 'application/json' } });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as { id: string };
    await checked('post', '/api/v1/jobs', { key, body: '{"field":"iban","values":[]}', headers: { 'Content-Type': 'application/json' } });
    await checked('post', '/api/v1/jobs', { key, body: 'x', headers: { 'Content-Type': 'text/plain' } });
    await checked('post', '/api/v1/jobs', { body, headers: { 'Content-Type': 'application/json' } });
    for (let i = 0; i < 100; i += 1) {
      const job = (await (await checked('get', `/api/v1/jobs/${id}`, { key })).json()) as { status: string };
      if (job.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await checked('get', '/api/v1/jobs', { key });
    await checked('get', `/api/v1/jobs/${id}`, { key: other.key });
    await checked('delete', `/api/v1/jobs/${id}`, { key });
    await checked('delete', `/api/v1/jobs/${id}`, { key: other.key });
    const results = await h.request(`/api/v1/jobs/${id}/results`, { key });
    const lines = (await results.text()).trim().split('\n').map((line) => JSON.parse(line) as unknown);
    const line = validator.schema('JobResultLine');
    for (const entry of lines) expect(line(entry), JSON.stringify(line.errors)).toBe(true);
    expect(lines).toHaveLength(2);
  });
});
