/**
 * A validation answer put in its request's language (src/server/answers/answer-language.ts): a 200
 * gets the catalog's message, Content-Language and Vary, the counted result left as it was; an error
 * answer stays English; a catalog that throws leaves the 200 in English and is reported.
 */
import { describe, expect, it } from 'vitest';
import { validateIban } from '../../../src/iban/index.js';
import { es } from '../../../src/messages/es.js';
import type { ValidationResult } from '../../../src/result.js';
import { createAnswerLanguages, inAnswerLanguage } from '../../../src/server/answers/answer-language.js';
import { errorAnswer } from '../../../src/server/answers/errors.js';

const BAD_CHECKSUM = 'DE89370400440532013012';
const unexpected = (error: unknown): never => {
  throw error;
};

describe('inAnswerLanguage', () => {
  it('localizes a 200 without changing the result the meter counted', () => {
    const counted = validateIban(BAD_CHECKSUM);
    const english = structuredClone(counted);
    const answer = inAnswerLanguage({ status: 200, body: counted, headers: { RateLimit: 'r' } }, 'es-MX', createAnswerLanguages(), unexpected);
    expect(answer.body.message).toBe(es.messages.IBAN_BAD_CHECKSUM);
    expect(answer.headers).toEqual({ RateLimit: 'r', Vary: 'Accept-Language', 'Content-Language': 'es' });
    expect(counted).toEqual(english);
  });

  it('keeps an error answer English, without touching the headers it was given', () => {
    const shared = { RateLimit: 'r' };
    const answer = inAnswerLanguage(errorAnswer(400, 'INVALID_JSON', 'The request body is not valid JSON', '', shared), 'es', createAnswerLanguages(), unexpected);
    expect(answer.headers).toEqual({ RateLimit: 'r', 'Content-Language': 'en' });
    expect(answer.body.message).toBe('The request body is not valid JSON');
    expect(shared).toEqual({ RateLimit: 'r' });
  });

  it('answers in English, and reports, when the catalog cannot write the message', () => {
    const result = validateIban(BAD_CHECKSUM);
    // A result whose reason cannot be read makes localize throw.
    const hostile = Object.defineProperty({ ...result }, 'reason', { enumerable: true, get: () => { throw new Error('unreadable'); } }) as ValidationResult;
    const reported: unknown[] = [];
    const answer = inAnswerLanguage({ status: 200, body: hostile }, 'es', createAnswerLanguages(), (error) => reported.push(error));
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(hostile);
    expect(answer.headers).toEqual({ Vary: 'Accept-Language', 'Content-Language': 'en' });
    expect(reported).toHaveLength(1);
  });
});
