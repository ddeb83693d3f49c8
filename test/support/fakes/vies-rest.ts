/**
 * The JSON side of the VIES fake (vies.ts serves both protocols over one registry):
 * `POST …/rest-api/check-vat-number` as the swagger's `CheckVatRequest` and `CheckVatResponse`
 * (docs/protocols.md#vies-rest), every member present as the real replies show, `---` for what is
 * withheld, match codes as words, `requestDate` a UTC date-time, and errors as the `CommonResponse`
 * body in Jackson's pretty print (`"key" : value`), as the real logged bodies show. Read with its
 * own code, independent of src/adapters/vies-rest.ts.
 */
import type { Judgement, ViesQuestion } from './vies-registry.js';

/** Path of the REST API's base under the fake's address. */
export const REST_BASE_PATH = '/taxation_customs/vies/rest-api';
/** Path of `check-vat-number`. */
export const REST_CHECK_PATH = `${REST_BASE_PATH}/check-vat-number`;

/** Jackson's pretty print, which the Commission's error bodies use. */
export function jackson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/": /g, '" : ');
}

/** A `CommonResponse` error body carrying `code`. */
export function restErrorJson(code: string): string {
  return jackson({ actionSucceed: false, errorWrappers: [{ error: code }] });
}

/** The string members of a `CheckVatRequest` body; null when the body is not a JSON object. */
export function readRestRequest(body: string): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const fields: Record<string, string> = {};
  for (const [member, value] of Object.entries(parsed)) if (typeof value === 'string') fields[member] = value;
  return fields;
}

/** The question a `CheckVatRequest` asks. */
export function restQuestion(fields: Readonly<Record<string, string>>): ViesQuestion {
  return {
    countryCode: fields.countryCode ?? '',
    vatNumber: fields.vatNumber ?? '',
    traderName: fields.traderName?.trim() ?? '',
    requesterCountryCode: fields.requesterMemberStateCode ?? '',
    requesterVatNumber: fields.requesterNumber ?? '',
  };
}

const TRADER_MEMBERS = ['traderName', 'traderStreet', 'traderPostalCode', 'traderCity', 'traderCompanyType'] as const;

/**
 * The reply to a `check-vat-number` request: 400 for the faults about the request, as the swagger
 * allows, the `CheckVatResponse` otherwise. `requestDate` is the fake's day at a fixed UTC time.
 */
export function restReply(judged: Judgement, fields: Readonly<Record<string, string>>, day: string, echoes: boolean): { status: number; json: string } {
  if ('fault' in judged) {
    const status = judged.fault === 'INVALID_INPUT' || judged.fault === 'INVALID_REQUESTER_INFO' ? 400 : 500;
    return { status, json: restErrorJson(judged.fault) };
  }
  const trader: Record<string, string> = {};
  // A comparing state echoes the trader fields it was sent; the others send `---`.
  for (const member of TRADER_MEMBERS) trader[member] = echoes && judged.valid ? fields[member] || '---' : '---';
  const reply = {
    countryCode: fields.countryCode ?? '',
    vatNumber: fields.vatNumber ?? '',
    requestDate: `${day}T09:30:00.000Z`,
    valid: judged.valid,
    requestIdentifier: judged.requestIdentifier,
    name: judged.name,
    address: judged.address,
    ...trader,
    traderNameMatch: judged.nameMatch,
    traderStreetMatch: 'NOT_PROCESSED',
    traderPostalCodeMatch: 'NOT_PROCESSED',
    traderCityMatch: 'NOT_PROCESSED',
    traderCompanyTypeMatch: 'NOT_PROCESSED',
  };
  return { status: 200, json: JSON.stringify(reply, null, 2) };
}
