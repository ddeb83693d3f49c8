/**
 * The README's JavaScript examples run as written against the built package (npm test builds
 * first), and each `console.log(...) // → text` line prints exactly that text.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const examples = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1] as string);
// Inside the repository, so that `import … from 'verifield/…'` resolves through package.json exports.
const scratch = new URL('../.tmp/', import.meta.url);

describe('README examples', () => {
  it('has examples to run', () => {
    expect(examples.length).toBeGreaterThan(3);
  });

  examples.forEach((code, index) => {
    const firstLine = code.split('\n')[0] ?? '';
    it(`example ${index + 1} (${firstLine.slice(0, 60)}) prints what its comments say`, () => {
      mkdirSync(scratch, { recursive: true });
      const file = new URL(`readme-example-${index + 1}.mjs`, scratch);
      writeFileSync(file, code);
      const run = spawnSync(process.execPath, [file.pathname], { encoding: 'utf8', timeout: 15_000 });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const expected = [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => (m[1] as string).trim());
      const printed = run.stdout.trim() === '' ? [] : run.stdout.trim().split('\n').map((line) => line.trim());
      expect(printed).toEqual(expected);
    });
  });
});
