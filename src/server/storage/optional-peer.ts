/**
 * Loading the optional peer dependencies of the service (the embedded store's engine, pg,
 * ioredis): they are not installed with verifield, so a deployment that needs one and lacks it
 * must be told which package to install, in one sentence, instead of getting Node's
 * ERR_MODULE_NOT_FOUND with a stack of internal paths.
 */

/** Thrown when an optional peer dependency the configuration needs is not installed. */
export class MissingPeerError extends Error {
  /** Always `MissingPeerError`. */
  override readonly name = 'MissingPeerError';
  /** Stable code for programs that embed the service (the CLI prints the message). */
  readonly code = 'VERIFIELD_MISSING_PEER';
  constructor(
    /** The npm package to install. */
    readonly packageName: string,
    /** What needs it, in words, e.g. `PostgreSQL store (--database-url)`. */
    readonly purpose: string,
    options: { cause?: unknown } = {},
  ) {
    super(`verifield's ${purpose} needs the optional package ${packageName}: run npm install ${packageName}`, { cause: options.cause });
  }
}

const NOT_FOUND_CODES: ReadonlySet<unknown> = new Set(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']);

/**
 * Whether `error` says that `packageName` itself cannot be found (ESM: "Cannot find package 'x'",
 * CommonJS: "Cannot find module 'x'"), as opposed to a package that is there but broken, or a
 * module missing inside it, which are reported as they are.
 */
export function isMissingPackage(error: unknown, packageName: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (!NOT_FOUND_CODES.has(code) || typeof message !== 'string') return false;
  return message.includes(`'${packageName}'`) || message.includes(`"${packageName}"`);
}

/**
 * Runs `load` (the dynamic `import()` of `packageName`, written at the call site so that bundlers
 * and the type checker see the specifier) and turns "not installed" into a {@link MissingPeerError}.
 * @example
 * const { Pool } = await loadOptionalPeer('pg', 'PostgreSQL store (--database-url)', () => import('pg'));
 */
export async function loadOptionalPeer<T>(packageName: string, purpose: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingPackage(error, packageName)) throw new MissingPeerError(packageName, purpose, { cause: error });
    throw error;
  }
}
