/**
 * Values at rest (docs/architecture.md#stores): what the store must not keep in clear (job values
 * and results, watched numbers, webhook secrets, evidence, the VIES answer cache) is sealed with AES-256-GCM under the
 * data key, and found again by value through a keyed hash of it (HMAC-SHA256 under a key derived
 * from the data key), so a copy of the database alone reveals neither the values nor, by a
 * dictionary of hashes, which values it holds.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { keepPrivate, makePrivateDir } from './private-files.js';

/** Seals and opens text under one data key, and hashes values for lookups. */
export interface Sealer {
  /** `v1.` + base64url(iv | tag | ciphertext): a fresh random IV each time, so equal texts seal differently. */
  seal(text: string): string;
  /** The text of a sealed value; throws when it was not sealed under this key or was altered. */
  open(sealed: string): string;
  /** Lower-case hex HMAC-SHA256 of `value` under the index key: equal values, equal indexes. */
  index(value: string): string;
}

const VERSION = 'v1.';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The data key file of an embedded store's data directory. */
export const DATA_KEY_FILE = 'data.key';

/** The message of the refusal to start on PostgreSQL without a data key. */
export const POSTGRES_NEEDS_DATA_KEY = 'VERIFIELD_DATA_KEY is required with PostgreSQL: every instance must seal with the same key';

/** A sealer under `key` (32 bytes). */
export function createSealer(key: Buffer): Sealer {
  if (key.length !== KEY_BYTES) throw new RangeError(`the data key must be ${KEY_BYTES} bytes, not ${key.length}`);
  const sealKey = Buffer.from(key);
  const indexKey = Buffer.from(hkdfSync('sha256', sealKey, Buffer.alloc(0), 'verifield index', KEY_BYTES));
  return {
    seal(text) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      if (!sealed.startsWith(VERSION)) throw new Error('not a sealed value');
      const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      // final() throws when the tag does not match: another key, or an altered value.
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    index(value) {
      return createHmac('sha256', indexKey).update(value, 'utf8').digest('hex');
    },
  };
}

/** A sealer under a random key: for an in-memory store, whose data ends with the process. */
export function ephemeralSealer(): Sealer {
  return createSealer(randomBytes(KEY_BYTES));
}

/** Reads a data key given as base64 of 32 bytes; throws a one-line message otherwise. */
export function parseDataKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) throw new Error(`The data key must be the base64 of ${KEY_BYTES} bytes (e.g. openssl rand -base64 32)`);
  return key;
}

/** What {@link loadDataKey} reads. */
export interface DataKeyOptions {
  /** The configured key (base64 of 32 bytes), e.g. from VERIFIELD_DATA_KEY. */
  dataKey?: string | undefined;
  /** The embedded store's data directory: its `data.key` is used, or created, when no key is configured. */
  dataDir?: string | undefined;
}

/**
 * The data key: the configured one; else the embedded store's `<dataDir>/data.key`, created with
 * 32 random bytes (mode 0600) on first start; null when there is neither (a store in memory, or
 * PostgreSQL, which the caller refuses).
 */
export function loadDataKey(options: DataKeyOptions): Buffer | null {
  if (options.dataKey !== undefined) return parseDataKey(options.dataKey);
  if (options.dataDir === undefined) return null;
  const dir = resolve(options.dataDir);
  const path = join(dir, DATA_KEY_FILE);
  makePrivateDir(dir);
  if (!existsSync(path)) {
    // Written whole under a temporary name, then linked: two processes starting on the same
    // directory together both keep the first link's key, and neither ever reads a half-written file.
    const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
    writeFileSync(temporary, randomBytes(KEY_BYTES).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
    try {
      chmodSync(temporary, 0o600);
      linkSync(temporary, path);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  } else {
    keepPrivate(path);
  }
  return parseDataKey(readFileSync(path, 'utf8'));
}
