/**
 * Nothing Node-only reaches a browser subpath: each one, as built (npm test builds first), is
 * bundled by esbuild for the browser, the way a user's bundler would take it. A Node built-in
 * import fails the bundle; a Node global (Buffer, process, …) or a leftover `require` is caught
 * in the output.
 */
import { build, type BuildFailure } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { browserPackageEntries } from '../../scripts/package-entries.js';
import { repoRoot } from '../support/repo-root.js';

/** Globals that exist in Node and not in a browser. */
const nodeGlobals = ['process', 'Buffer', 'global', '__dirname', '__filename', 'setImmediate', 'clearImmediate'];
const markerPrefix = '__node_only_global__';
// esbuild rewrites a CommonJS `require` it cannot bundle into a stub that throws this at run time.
const dynamicRequireStub = 'Dynamic require of';

interface BrowserBundle {
  /** Errors of the bundler, e.g. a Node built-in it cannot resolve for the browser. */
  errors: string[];
  /** Node globals the bundled code reads. */
  nodeGlobalsUsed: string[];
  /** The bundle keeps a `require` the browser cannot run. */
  dynamicRequire: boolean;
  /** Files that went into the bundle, relative to the repository. */
  inputs: string[];
}

/** Bundles `source` (resolved from the repository root) for the browser and reports what is Node-only in it. */
async function bundleForBrowser(source: string): Promise<BrowserBundle> {
  try {
    const result = await build({
      stdin: { contents: source, resolveDir: repoRoot, sourcefile: 'browser-entry.js' },
      absWorkingDir: repoRoot,
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
      // Each Node global becomes a marker wherever code reads it (not in strings or property names).
      define: Object.fromEntries(nodeGlobals.map((name) => [name, `${markerPrefix}${name}`])),
    });
    const code = result.outputFiles.map((file) => file.text).join('\n');
    return {
      errors: [],
      nodeGlobalsUsed: nodeGlobals.filter((name) => code.includes(`${markerPrefix}${name}`)),
      dynamicRequire: code.includes(dynamicRequireStub),
      inputs: Object.keys(result.metafile.inputs),
    };
  } catch (error) {
    const failure = error as BuildFailure;
    if (!Array.isArray(failure.errors)) throw error;
    return {
      errors: failure.errors.map((message) => `${message.text} (${message.location?.file ?? '?'}:${message.location?.line ?? '?'})`),
      nodeGlobalsUsed: [],
      dynamicRequire: false,
      inputs: [],
    };
  }
}

describe('browser subpaths bundle for the browser without Node', () => {
  for (const entry of browserPackageEntries) {
    it(`${entry.specifier} bundles with no Node built-in, no Node global and no require`, async () => {
      const bundle = await bundleForBrowser(`export * from '${entry.specifier}';`);
      expect(bundle.errors).toEqual([]);
      expect(bundle.nodeGlobalsUsed).toEqual([]);
      expect(bundle.dynamicRequire).toBe(false);
      // The specifier went through package.json exports to the built ESM file, not to the sources.
      expect(bundle.inputs).toContain(entry.esm);
      expect(bundle.inputs.filter((input) => input.startsWith('src/'))).toEqual([]);
    });
  }
});

describe('the Node-only detector', () => {
  it('fails on a Node built-in import, with and without the node: prefix', async () => {
    for (const specifier of ['node:dns/promises', 'fs']) {
      const bundle = await bundleForBrowser(`import * as m from '${specifier}'; console.log(m);`);
      expect(bundle.errors.join('\n')).toContain(specifier);
    }
  });

  it('sees Node globals where code reads them, not in strings', async () => {
    const bundle = await bundleForBrowser(
      "console.log(Buffer.from('a'), process.env.HOME, typeof global, 'process and Buffer in a string');",
    );
    expect(bundle.errors).toEqual([]);
    expect(bundle.nodeGlobalsUsed).toEqual(['process', 'Buffer', 'global']);
    const clean = await bundleForBrowser("const process = { env: {} }; console.log(process.env, 'Buffer');");
    expect(clean.nodeGlobalsUsed).toEqual([]);
  });

  it('sees a require left in the bundle', async () => {
    const bundle = await bundleForBrowser('export default function load(name) { return require(name); }');
    expect(bundle.dynamicRequire).toBe(true);
  });
});
