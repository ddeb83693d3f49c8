/**
 * The values the service must never keep or print in the clear (API keys, Spanish NIF, Canadian
 * SIN, US SSN), built for the lifecycle tests from the published rules with random digits, and a
 * search of a data directory's bytes for them.
 */
import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sin } from './generators/nas.js';
import { dni } from './generators/nif.js';

function digits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(randomInt(10));
  return out;
}

/** A DNI-form NIF: eight random digits and their control letter. */
export function randomNif(): string {
  const number = `${randomInt(1, 10)}${digits(7)}`;
  return dni(number);
}

/** A SIN of an issued series (1-7, 9) with its Luhn check digit, written 3-3-3 as people type it. */
export function randomSin(): string {
  const payload = `${[1, 2, 3, 4, 5, 6, 7, 9][randomInt(8)]}${digits(7)}`;
  const number = sin(payload);
  return `${number.slice(0, 3)} ${number.slice(3, 6)} ${number.slice(6)}`;
}

/** An SSN the authority may issue (area 100-665, group 10-99, serial 1000-9999), written AAA-GG-SSSS. */
export function randomSsn(): string {
  return `${randomInt(100, 666)}-${randomInt(10, 100)}-${randomInt(1000, 10_000)}`;
}

/** The forms in which a value could land in a file: as typed, and without separators. */
export function formsOf(value: string): string[] {
  const compact = value.replace(/[\s-]/g, '');
  return compact === value ? [value] : [value, compact];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every (file, value) pair where a form of the value occurs in the file's bytes. */
export function findInFiles(dir: string, values: readonly string[]): Array<{ file: string; value: string }> {
  const hits: Array<{ file: string; value: string }> = [];
  const files = filesUnder(dir);
  if (files.length === 0) throw new Error(`${dir} holds no files: nothing was searched`);
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const value of values) {
      if (formsOf(value).some((form) => bytes.includes(form))) hits.push({ file, value });
    }
  }
  return hits;
}

/** The values found in `text` (process output, log lines). */
export function findInText(text: string, values: readonly string[]): string[] {
  return values.filter((value) => formsOf(value).some((form) => text.includes(form)));
}
