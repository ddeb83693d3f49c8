/**
 * The published subpaths as the package checks see them (size budgets, browser bundling, the
 * packed-tarball smoke tests, the declaration docs), derived from scripts/entry-points.ts so that
 * a subpath added there is checked everywhere without touching the checks.
 */
import { binOnlyEntryPoints, browserEntryPoints, nodeEntryPoints } from './entry-points.js';

/** One package subpath and the files the build makes for it. */
export interface PackageEntry {
  /** tsup entry name, e.g. `iban/index`. */
  entry: string;
  /** The specifier a user imports, e.g. `verifield/iban` (`verifield` for the root). */
  specifier: string;
  /** `browser` for the field modules (no Node built-ins allowed), `node` for Node-only subpaths. */
  platform: 'browser' | 'node';
  /** Built ESM file, relative to the repository root. */
  esm: string;
  /** Built CommonJS file, relative to the repository root. */
  cjs: string;
  /** Declarations of the ESM build, relative to the repository root. */
  dts: string;
}

/** The package name, which every specifier starts with. */
export const PACKAGE_NAME = 'verifield';

function toPackageEntry(entry: string, platform: PackageEntry['platform']): PackageEntry {
  const subpath = entry === 'index' ? '' : `/${entry.replace(/\/index$/, '')}`;
  return {
    entry,
    specifier: `${PACKAGE_NAME}${subpath}`,
    platform,
    esm: `dist/${entry}.js`,
    cjs: `dist/${entry}.cjs`,
    dts: `dist/${entry}.d.ts`,
  };
}

/** Every subpath of package.json `exports` (the bin-only CLI is not one), browser ones first. */
export const packageEntries: readonly PackageEntry[] = [
  ...Object.keys(browserEntryPoints).map((entry) => toPackageEntry(entry, 'browser')),
  ...Object.keys(nodeEntryPoints)
    .filter((entry) => !binOnlyEntryPoints.includes(entry))
    .map((entry) => toPackageEntry(entry, 'node')),
];

/** The subpaths that must run in a browser. */
export const browserPackageEntries: readonly PackageEntry[] = packageEntries.filter(
  (entry) => entry.platform === 'browser',
);
