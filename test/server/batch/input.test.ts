/** Reading a job's values (src/server/batch/input.ts): CSV by RFC 4180, NDJSON, JSON; never a throw. */
import { describe, expect, it } from 'vitest';
import { FIELD_NAMES } from '../../../src/fields/catalog.js';
import { csvFirstColumn, jobBodyFormat, jobBodyReader, ndjsonValues, readJsonJob, readListJob } from '../../../src/server/batch/input.js';

describe('csvFirstColumn', () => {
  it('takes the first field of each record, with quotes, doubled quotes, commas and line breaks inside', () => {
    expect(csvFirstColumn('a,b\r\n"x, ""y""",z\n"multi\nline",q\n\nlast')).toEqual(['a', 'x, "y"', 'multi\nline', 'last']);
  });
  it('skips a byte order mark and blank records but keeps an empty quoted field', () => {
    expect(csvFirstColumn('\uFEFFa\r\n\r\n"",x\r\n')).toEqual(['a', '']);
  });
  it('refuses a quote never closed, naming the record', () => {
    expect(csvFirstColumn('a\n"b,c')).toBe('Record 2 has a quote that is never closed');
    expect(csvFirstColumn('a,"b\nc')).toBe('Record 1 has a quote that is never closed');
  });
});

describe('ndjsonValues', () => {
  it('reads strings and { value } objects, skipping blank lines', () => {
    expect(ndjsonValues('"a"\r\n\n{"value":"b","x":1}\n')).toEqual(['a', 'b']);
  });
  it('names the line that is not JSON or has no value string', () => {
    expect(ndjsonValues('"a"\n{')).toBe('Line 2 is not valid JSON');
    expect(ndjsonValues('"a"\n{"value":3}')).toBe('Line 2 must be a JSON string or an object with a "value" string');
  });
});

describe('readJsonJob and readListJob', () => {
  it('accept a good job', () => {
    expect(readJsonJob('{"field":"iban","values":["x"],"webhookUrl":"https://h.example/x"}')).toEqual({
      ok: true,
      input: { field: 'iban', values: ['x'], webhookUrl: 'https://h.example/x' },
    });
    expect(readListJob('csv', 'x\ny', 'vat', undefined)).toEqual({ ok: true, input: { field: 'vat', values: ['x', 'y'], webhookUrl: null } });
  });
  it('take a CSV whose first record is the column name value as a header, never as a value', () => {
    for (const header of ['value', 'Value', ' VALUE ', '"value"', 'value,note', '\uFEFFvalue']) {
      const read = readListJob('csv', `${header}\r\nDE89 3704 0044 0532 0130 00,a\r\nvalue\r\n`, 'iban', undefined);
      expect(read, header).toEqual({ ok: true, input: { field: 'iban', values: ['DE89 3704 0044 0532 0130 00', 'value'], webhookUrl: null } });
    }
    // Only the first record can be the header; a file of a header alone holds no value.
    expect(readListJob('csv', 'x\nvalue', 'vat', undefined)).toMatchObject({ ok: true, input: { values: ['x', 'value'] } });
    expect(readListJob('csv', 'value\r\n', 'vat', undefined)).toMatchObject({ ok: false });
    // NDJSON lines are JSON: a header cannot arise there, and the string "value" is a value.
    expect(readListJob('ndjson', '"value"\n"x"', 'vat', undefined)).toMatchObject({ ok: true, input: { values: ['value', 'x'] } });
  });
  it('refuse what is wrong with one sentence each', () => {
    expect(readJsonJob('[]')).toEqual({ ok: false, message: 'The request body must be a JSON object with "field" and "values"' });
    expect(readJsonJob('{"field":"vat","values":"x"}')).toEqual({ ok: false, message: '"values" must be an array of strings' });
    expect(readJsonJob(`{"field":"vat","values":["${'x'.repeat(1025)}"]}`)).toEqual({ ok: false, message: 'Value 1 is longer than 1,024 characters' });
    expect(readJsonJob('{"values":["x"]}')).toEqual({
      ok: false,
      // The service's order (test/fields/registry.test.ts checks it).
      message: `"field" is required: one of ${FIELD_NAMES.join(', ')}`,
    });
    expect(readListJob('ndjson', '"x"', 'bank', undefined)).toEqual({ ok: false, message: `"field" must be one of ${FIELD_NAMES.join(', ')}; got "bank" (in the query: ?field=)` });
  });
  it('read a mixed job without ?field=: a CSV with the header field,value, NDJSON { field, value } lines', () => {
    const csv = 'Field,Value\r\niban,"DE89 3704 0044 0532 0130 00"\r\nVAT,DE129273398\r\n\r\nemail,"a@b.example",ignored\r\n';
    const read = readListJob('csv', csv, undefined, undefined);
    expect(read).toEqual({ ok: true, input: { field: 'mixed', values: ['iban\u0000DE89 3704 0044 0532 0130 00', 'vat\u0000DE129273398', 'email\u0000a@b.example'], webhookUrl: null } });
    const ndjson = '{"field":"nif","value":"12345678Z"}\n\n{"value":"x\\u0000y","field":"phone"}\n';
    expect(readListJob('ndjson', ndjson, '', undefined)).toEqual({ ok: true, input: { field: 'mixed', values: ['nif\u000012345678Z', 'phone\u0000x\u0000y'], webhookUrl: null } });
    // A line naming the query's field is that field's; another field is refused.
    expect(readListJob('ndjson', '{"field":"iban","value":"x"}\n"y"', 'iban', undefined)).toMatchObject({ ok: true, input: { field: 'iban', values: ['x', 'y'] } });
  });
  it("refuse a mixed job that does not say each line's field", () => {
    const fields = FIELD_NAMES.join(', ');
    expect(readListJob('csv', 'iban,x\n', undefined, undefined)).toEqual({ ok: false, message: 'A CSV sent without ?field= must begin with the header field,value (or name the field in the query: ?field=)' });
    expect(readListJob('csv', 'field,value\niban,x\n', 'iban', undefined)).toEqual({ ok: false, message: 'This CSV has a field column: send it without ?field=' });
    expect(readListJob('csv', 'field,value\niban,x\nbank,y\n', undefined, undefined)).toEqual({ ok: false, message: `Record 3 names "bank": the field must be one of ${fields}` });
    expect(readListJob('csv', 'field,value\niban\n', undefined, undefined)).toEqual({ ok: false, message: 'Record 2 has no value after its field' });
    expect(readListJob('ndjson', '"x"', undefined, undefined)).toEqual({ ok: false, message: 'Line 1 must be an object with "field" and "value" strings (or name the field in the query: ?field=)' });
    expect(readListJob('ndjson', '{"value":"x"}', undefined, undefined)).toEqual({ ok: false, message: `Line 1 names no field: the field must be one of ${fields}` });
    expect(readListJob('ndjson', '{"field":"vat","value":"x"}', 'iban', undefined)).toEqual({ ok: false, message: "Line 1 names the field vat, but the job's field is iban" });
  });
  it('never throw on any text', () => {
    for (const body of ['', '\u0000', '"', '{"field":null}', 'null', '1e999', '\uD800']) {
      expect(() => readJsonJob(body)).not.toThrow();
      expect(() => readListJob('csv', body, 'vat', undefined)).not.toThrow();
      expect(() => readListJob('ndjson', body, 'vat', undefined)).not.toThrow();
    }
  });
  it('know the three body formats', () => {
    expect(jobBodyFormat('application/json; charset=utf-8')).toBe('json');
    expect(jobBodyFormat('Text/CSV')).toBe('csv');
    expect(jobBodyFormat('application/x-ndjson')).toBe('ndjson');
    expect(jobBodyFormat('text/plain')).toBeNull();
    expect(jobBodyFormat(undefined)).toBeNull();
  });
});

describe('jobBodyReader', () => {
  /** `body` read in pieces of `size` characters: the values and the refusal, as the service sees them. */
  function inPieces(format: 'json' | 'csv' | 'ndjson', body: string, size: number): { values: string[]; refusal: string | null } {
    const reader = jobBodyReader(format, { field: 'iban' });
    if (!('push' in reader)) return { values: [], refusal: reader.message };
    const values: string[] = [];
    for (let at = 0; at < body.length; at += size) {
      const refusal = reader.push(body.slice(at, at + size), values);
      if (refusal !== null) return { values, refusal: refusal.message };
    }
    return { values, refusal: reader.end(values)?.message ?? null };
  }

  it('reads a body cut anywhere, even inside a value or an escape, as it reads it whole', () => {
    const bodies: Array<['json' | 'csv' | 'ndjson', string]> = [
      ['json', '{ "field" : "iban", "values" : [ "a\\"b", "c\\\\", "\\u00e9" , "x" ], "webhookUrl": "https://h.example/x" }'],
      ['json', '{"values":["a","b"],"field":"iban"}'],
      ['json', '{"field":"iban","values":["a",3]}'],
      ['json', '{"field":"iban","values":["a"],"extra":{"x":[1,"]"]}}'],
      ['json', '{"field":"iban","values":["a"]} x'],
      ['csv', '\uFEFFa,b\r\n"x, ""y""",z\n"multi\nline",q\n\nlast'],
      ['csv', 'a\n"b,c'],
      ['csv', 'Value,note\r\nx,1\r\ny'],
      ['ndjson', '"a"\r\n\n{"value":"b","x":1}\n"c"'],
      ['ndjson', '"a"\n{"value":3}'],
    ];
    for (const [format, body] of bodies) {
      const whole = inPieces(format, body, body.length);
      for (const size of [1, 2, 3, 7]) expect(inPieces(format, body, size), `${format} ${body} in pieces of ${size}`).toEqual(whole);
    }
    expect(inPieces('json', bodies[0]?.[1] ?? '', 1)).toEqual({ values: ['a"b', 'c\\', 'é', 'x'], refusal: null });
    expect(inPieces('json', '{"values":["a","b"],"field":"iban"}', 5)).toEqual({ values: ['a', 'b'], refusal: null });
  });

  it('refuses the value past 100,000 as it is read, as too large', () => {
    const reader = jobBodyReader('ndjson', { field: 'iban' });
    if (!('push' in reader)) throw new Error(reader.message);
    const values: string[] = [];
    expect(reader.push('"x"\n'.repeat(100_000), values)).toBeNull();
    expect(reader.push('"x"\n', values)).toEqual({ message: 'A job takes at most 100,000 values', tooLarge: true });
  });
});
