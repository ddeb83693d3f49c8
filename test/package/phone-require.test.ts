/**
 * validatePhone answers alike under `require` and `import`. libphonenumber-js ships a CommonJS
 * build and an ES module build whose exports differ (the CommonJS `libphonenumber-js/max` has no
 * `Metadata`, for one), so src/phone is bundled here to CommonJS with libphonenumber-js left out of
 * the bundle and run with Node's `require`, which loads the package's real CommonJS entry. The
 * packed-tarball smoke tests check the built package itself; this one fails before a build.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { beforeAll, describe, expect, it } from 'vitest';
import { validatePhone } from '../../src/phone/index.js';

type ValidatePhone = typeof validatePhone;

/** src/phone as a CommonJS module (its code and its exports), its libphonenumber-js loaded by `require`. */
async function requirePhoneModule(): Promise<{ code: string; exports: { validatePhone: ValidatePhone } }> {
  const entry = fileURLToPath(new URL('../../src/phone/index.ts', import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    external: ['libphonenumber-js'],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const module = { exports: {} as { validatePhone: ValidatePhone } };
  const require = createRequire(entry);
  // The CommonJS module wrapper, with a require that resolves from src/phone as Node's would.
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return { code, exports: module.exports };
}

/** Every region's example mobile number, written the ways people type it, and the usual mistakes. */
function inputs(): string[] {
  const values = ['', '+', '+4', '+44', '+999 123 4567', '020 7946 0123', '+1 800 FLOWERS', '+44 20 7946 0123 ext. 12', `+33 ${'1'.repeat(20)}`];
  for (const country of getCountries()) {
    const example = getExampleNumber(country, examples);
    if (example === undefined) continue;
    const spaced = example.formatInternational();
    values.push(spaced, `00${spaced.slice(1)}`, spaced.slice(0, -1), `${spaced}5`, example.number.replace(/\d$/, '0'));
  }
  return values;
}

describe('validatePhone under require', () => {
  let code = '';
  let required: { validatePhone: ValidatePhone };
  beforeAll(async () => {
    ({ code, exports: required } = await requirePhoneModule());
  });

  it('loads the CommonJS build of libphonenumber-js, not its ES module', () => {
    expect(code).toContain('require("libphonenumber-js/max")');
    expect(createRequire(import.meta.url).resolve('libphonenumber-js/max')).toMatch(/\.cjs$/);
  });

  it('validates +34 612 34 56 78 (it threw "max.Metadata is not a constructor")', () => {
    expect(required.validatePhone('+34 612 34 56 78')).toMatchObject({ valid: true, normalizedValue: '+34612345678', phoneDetails: { line_type: 'MOBILE' } });
  });

  it('answers exactly as under import, for valid and invalid numbers of every region', () => {
    const values = inputs();
    expect(values.length).toBeGreaterThan(1_000);
    const differences = values.filter((value) => JSON.stringify(required.validatePhone(value)) !== JSON.stringify(validatePhone(value)));
    expect(differences).toEqual([]);
    expect(values.filter((value) => validatePhone(value).valid).length).toBeGreaterThan(400);
  });
});
