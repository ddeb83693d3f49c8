/**
 * Measures bundle sizes with size-limit's own plugins, so the figures of the report and of the
 * recorded budgets are the ones `npm run size` compares. Peers are measured the same way: an
 * entry that imports just the function, bundled by esbuild, minified, gzip level 9.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import esbuildPlugins from '@size-limit/esbuild';
import filePlugins from '@size-limit/file';
import sizeLimit from 'size-limit';
import type { SizeCheck } from './size-checks.js';

const repoRoot = new URL('../', import.meta.url);
// Inside the repository, so `verifield/…` resolves through package.json exports and peers through node_modules.
const entriesDir = new URL('.tmp/size-entries/', repoRoot);

/** A few lines importing one function; bundled alone, they give what that import costs. */
export interface SizeSnippet {
  /** The package imported, e.g. `ibantools` (`verifield` for ours). */
  packageName: string;
  /** What the row shows, e.g. `isValidIBAN`. */
  label: string;
  /** Module source, e.g. `import { isValidIBAN } from 'ibantools'; console.log(isValidIBAN);`. */
  source: string;
}

/** One subpath's main function and its closest peers, for the size report. */
export interface PeerComparison {
  specifier: string;
  ours: SizeSnippet;
  peers: readonly SizeSnippet[];
}

function use(names: string): string {
  return `console.log(${names});`;
}

function ours(name: string, specifier: string): SizeSnippet {
  return { packageName: 'verifield', label: name, source: `import { ${name} } from '${specifier}'; ${use(name)}` };
}

/**
 * The peers of the issue, each imported the way its documentation shows; stdnum also through a deep
 * import, since its documented import brings every country.
 */
export const peerComparisons: readonly PeerComparison[] = [
  {
    specifier: 'verifield/iban',
    ours: ours('validateIban', 'verifield/iban'),
    peers: [{ packageName: 'ibantools', label: 'isValidIBAN', source: `import { isValidIBAN } from 'ibantools'; ${use('isValidIBAN')}` }],
  },
  {
    specifier: 'verifield/vat',
    ours: ours('validateVat', 'verifield/vat'),
    peers: [
      { packageName: 'jsvat', label: 'checkVAT + germany (one country)', source: `import { checkVAT, germany } from 'jsvat'; ${use('checkVAT, germany')}` },
      { packageName: 'jsvat', label: 'checkVAT + countries (all)', source: `import { checkVAT, countries } from 'jsvat'; ${use('checkVAT, countries')}` },
    ],
  },
  {
    specifier: 'verifield/nif',
    ours: ours('validateNif', 'verifield/nif'),
    peers: [
      { packageName: 'stdnum', label: 'stdnum.ES.nif (its documented import)', source: `import { stdnum } from 'stdnum'; ${use('stdnum.ES.nif.validate')}` },
      { packageName: 'stdnum', label: 'ES.nif by deep import (undocumented)', source: `import { validate } from 'stdnum/lib/esm/es/nif'; ${use('validate')}` },
    ],
  },
  {
    specifier: 'verifield/email',
    ours: ours('validateEmail', 'verifield/email'),
    peers: [{ packageName: 'validator', label: 'isEmail', source: `import isEmail from 'validator/es/lib/isEmail'; ${use('isEmail')}` }],
  },
  {
    specifier: 'verifield/email-syntax',
    ours: ours('validateEmailSyntax', 'verifield/email-syntax'),
    peers: [{ packageName: 'validator', label: 'isEmail', source: `import isEmail from 'validator/es/lib/isEmail'; ${use('isEmail')}` }],
  },
  {
    specifier: 'verifield/phone',
    ours: ours('validatePhone', 'verifield/phone'),
    peers: [
      {
        packageName: 'libphonenumber-js',
        label: 'max: parsePhoneNumberFromString',
        source: `import { parsePhoneNumberFromString } from 'libphonenumber-js/max'; ${use('parsePhoneNumberFromString')}`,
      },
    ],
  },
];

/** The check of a snippet: written to a file in .tmp/size-entries and bundled for the browser. */
export function snippetCheck(snippet: SizeSnippet): SizeCheck & { files: string[] } {
  mkdirSync(entriesDir, { recursive: true });
  const file = new URL(`${`${snippet.packageName}-${snippet.label}`.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.js`, entriesDir);
  writeFileSync(file, `${snippet.source}\n`);
  const path = fileURLToPath(file);
  return {
    name: `${snippet.packageName} ${snippet.label}`,
    path,
    files: [path],
    gzip: true,
    modifyEsbuildConfig: (config) => ({ ...config, platform: 'browser', logLevel: 'error' }),
  };
}

/**
 * min+gzip bytes of each check, as size-limit computes them. Takes checks in the form of the
 * configuration file and resolves their paths the way size-limit's CLI does.
 */
export async function measureChecks(checks: readonly SizeCheck[]): Promise<number[]> {
  const resolved = checks.map((check) => {
    const absolute = (path: string) => fileURLToPath(new URL(path, repoRoot));
    const { limit: _limit, import: imports, ...rest } = check;
    return {
      ...rest,
      files: [absolute(check.path)],
      ...(imports === undefined
        ? {}
        : { import: Object.fromEntries(Object.entries(imports).map(([path, names]) => [absolute(path), names])) }),
    };
  });
  // size-limit's declarations type plugins as functions; they are the plugin objects its CLI passes.
  const results = (await sizeLimit([...filePlugins, ...esbuildPlugins] as never[], { checks: resolved })) as {
    size?: number;
  }[];
  return results.map((result, index) => {
    if (typeof result.size !== 'number') throw new Error(`size-limit measured nothing for ${checks[index]?.name}`);
    return result.size;
  });
}

/** Version of an installed package, for the report. */
export function installedVersion(name: string): string {
  const pkg = JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, repoRoot), 'utf8')) as { version: string };
  return pkg.version;
}
