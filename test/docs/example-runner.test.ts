/**
 * The machinery of test/docs/api-examples.test.ts on examples written here: which lines assert,
 * how examples are cut out of doc comments, and what a wrong example fails with.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readLine } from '../support/examples/assertions.js';
import { docExamplesOf, type DocExample } from '../support/examples/doc-comments.js';
import { writeExampleModule } from '../support/examples/module.js';
import { scratchFolder } from '../support/examples/run.js';
import { entryOf, sourceOfSpecifier } from '../support/examples/scope.js';

// One folder per test: a module is named by its file and line, and a second import of a name returns the first module.
const scratch = (test: string) => scratchFolder(`example-runner-${test}`);

/** A doc comment of src/iban/index.ts holding `lines` in its @example block: the first one is on line 7. */
function ibanExample(lines: string[]): DocExample {
  const comment = ['/**', ' * Something documented.', ' *', ' * @example', ' * ```ts', ...lines.map((line) => ` * ${line}`), ' * ```', ' */'];
  const examples = docExamplesOf('src/iban/index.ts', ['// line 1', ...comment, 'export function documented(): void {}'].join('\n'));
  expect(examples).toHaveLength(1);
  return examples[0] as DocExample;
}

describe('reading a line of an example', () => {
  it('takes `expression; // value` as an assertion', () => {
    expect(readLine("validateIban('DE89').valid; // false")).toEqual({ kind: 'assertion', expression: "validateIban('DE89').valid", expected: 'false' });
    expect(readLine('await dns.mx(domain); // { kind: \'nxdomain\' }')).toEqual({ kind: 'assertion', expression: 'await dns.mx(domain)', expected: "{ kind: 'nxdomain' }" });
  });

  it('looks past a // inside a string', () => {
    expect(readLine("new URL('http://a.example/b').host; // 'a.example'")).toEqual({ kind: 'assertion', expression: "new URL('http://a.example/b').host", expected: "'a.example'" });
    expect(readLine("const client = createClient({ baseUrl: 'http://127.0.0.1:8080' });")).toEqual({ kind: 'code' });
  });

  it('leaves declarations, statements and comment lines alone, their comments being prose', () => {
    for (const line of ['const cache = memoryVatCache(); // keeps answers for 24 h', '// a comment of its own', 'if (outcome.ok) await outcome.lease.release();', "  name: 'x', // a property"]) {
      expect(readLine(line), line).toEqual({ kind: 'code' });
    }
  });

  it('refuses a comment after an expression that is not a JavaScript value', () => {
    expect(readLine('console.log(server.url); // http://127.0.0.1:41233').kind).toBe('unreadable-expected');
    expect(readLine("rates.country('GR'); // { kind: 'ok', … }").kind).toBe('unreadable-expected');
    expect(readLine('validateNas(x).valid; // true (0 series)').kind).toBe('unreadable-expected');
  });
});

describe('finding the examples of a doc comment', () => {
  it('reads an example without fences, from the text after the tag on', () => {
    const source = ['/**', ' * Text.', " * @example validateVat('nl 3225.18.131 b50').normalizedValue // 'NL322518131B50'", ' */'].join('\n');
    expect(docExamplesOf('src/vat/index.ts', source)).toEqual([
      { file: 'src/vat/index.ts', location: 'src/vat/index.ts:3', lines: [{ number: 3, text: "validateVat('nl 3225.18.131 b50').normalizedValue // 'NL322518131B50'" }] },
    ]);
  });

  it('reads each fenced block as one example, ends a tag at the next tag, and skips the prose around fences', () => {
    const source = ['/**', ' * @example Two forms:', ' * ```ts', ' * one();', ' * ```', ' * and', ' * ```ts', ' *   two();', ' * ```', ' * @throws never', ' * three();', ' */'].join('\n');
    expect(docExamplesOf('src/x.ts', source).map((example) => example.lines)).toEqual([[{ number: 4, text: 'one();' }], [{ number: 8, text: '  two();' }]]);
  });
});

describe('the scope of an example', () => {
  it('is the package entry of the folder, or the root entry', () => {
    const files = ['src/iban/messages.ts', 'src/vat/number/checks/at.ts', 'src/server/storage/sql/store.ts', 'src/checksum.ts', 'src/cli/check.ts'];
    expect(files.map(entryOf)).toEqual(['src/iban/index.ts', 'src/vat/index.ts', 'src/server/index.ts', 'src/index.ts', 'src/index.ts']);
  });

  it('maps the package specifiers to their source entries', () => {
    const specifiers = ['verifield', 'verifield/email-syntax', 'verifield/adapters', 'libphonenumber-js/max'];
    expect(specifiers.map(sourceOfSpecifier)).toEqual(['src/index.ts', 'src/email/syntax-entry.ts', 'src/adapters/index.ts', null]);
  });
});

describe('running an example', () => {
  it('passes when every value is the real one', async () => {
    const module = writeExampleModule(ibanExample(["const iban = 'DE89 3704 0044 0532 0130 00';", 'validateIban(iban).valid; // true', 'IBAN_REGISTRY_RELEASE; // 101']), scratch('pass'));
    expect(module.problems).toEqual([]);
    await import(pathToFileURL(module.path).href);
  });

  it('fails a wrong value with its file:line and both values', async () => {
    const module = writeExampleModule(ibanExample(["validateIban('DE89 3704 0044 0532 0130 00').valid; // true", "validateIban('DE89 3704 0044 0532 0130 12').message; // 'Valid IBAN'"]), scratch('wrong'));
    // The report shows the message and, as a diff, the expected and the actual value.
    await expect(import(pathToFileURL(module.path).href)).rejects.toMatchObject({
      message: expect.stringMatching(/^src\/iban\/index\.ts:8: validateIban\('DE89 3704 0044 0532 0130 12'\)\.message: expected /),
      actual: 'IBAN check digits do not match, please check the number',
      expected: 'Valid IBAN',
    });
  });

  it('says which line holds a comment that is not a value', () => {
    const module = writeExampleModule(ibanExample(['const result = validateIban(\'DE89\');', 'result.valid; // false, too short']), scratch('prose'));
    expect(module.problems).toEqual(['src/iban/index.ts:8: the comment after `result.valid` is not a JavaScript value: false, too short']);
  });

  it('maps the lines of the module it writes back to the source', () => {
    const example = ibanExample(['// not run: it only shows the line mapping', 'validateIban(x);']);
    const module = writeExampleModule(example, scratch('lines'));
    expect(module.notRun).toBe('it only shows the line mapping');
    const moduleLine = readFileSync(module.path, 'utf8').split('\n').indexOf('validateIban(x);') + 1;
    expect(module.sourceLine(moduleLine)).toBe(8);
  });
});
