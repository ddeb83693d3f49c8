/** A scratch directory for one test file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * Makes a fresh directory named from `prefix` under the OS temp directory before the file's tests,
 * and removes it with its contents after them. The answer reads its path: call it in hooks and tests.
 */
export function useTempDir(prefix: string): () => string {
  let dir: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (dir === undefined) throw new Error('useTempDir: read before the beforeAll hook ran');
    return dir;
  };
}
