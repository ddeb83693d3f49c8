/**
 * Where the browser test (test/package/browser.test.ts) finds Chromium, and what `npm test` does when it
 * is missing: install Debian's `chromium` package itself when it can (root, apt-get present), or
 * stop with one line saying what to install. The machine is reached only through `ChromiumHost`,
 * so that every branch can be tried without uninstalling anything.
 */

/** Where Debian's `chromium` package puts the browser. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Names another Chromium (or Chrome) binary for the browser test; nothing is installed then. */
export const CHROMIUM_ENV = 'VERIFIELD_CHROMIUM';

/** The binary the browser test launches: the one `VERIFIELD_CHROMIUM` names, else Debian's. */
export function chromiumPath(env: Readonly<Record<string, string | undefined>>): string {
  const chosen = env[CHROMIUM_ENV];
  return chosen === undefined || chosen === '' ? DEBIAN_CHROMIUM : chosen;
}

/** The one line printed when Chromium is missing and cannot be installed from here. */
export function missingChromiumLine(path: string, reason: string): string {
  if (path !== DEBIAN_CHROMIUM) {
    return `No Chromium at ${path} (named by ${CHROMIUM_ENV}): point ${CHROMIUM_ENV} at a Chromium or Chrome binary, or unset it to use Debian's package at ${DEBIAN_CHROMIUM}.`;
  }
  return `The browser test needs Chromium at ${DEBIAN_CHROMIUM} (${reason}): install it with \`sudo apt-get install chromium\` (Debian, Ubuntu), or set ${CHROMIUM_ENV} to a Chromium or Chrome binary.`;
}

/** What the script may see and do on the machine. */
export interface ChromiumHost {
  env: Readonly<Record<string, string | undefined>>;
  isExecutable(path: string): boolean;
  isRoot: boolean;
  /** Full path of a command found on PATH, or null. */
  findCommand(name: string): string | null;
  /** Runs a command with its output shown to the user; resolves with its exit status. */
  run(command: string, args: readonly string[], env: Readonly<Record<string, string | undefined>>): number;
  /** Progress lines (what is being installed). */
  say(line: string): void;
}

/** `ok` with the binary the browser test will launch, or the one line to show before failing. */
export type ChromiumOutcome = { ok: true; path: string; installed: boolean } | { ok: false; line: string };

/** Finds Chromium, installing Debian's package when it is missing and this process may. */
export function ensureChromium(host: ChromiumHost): ChromiumOutcome {
  const path = chromiumPath(host.env);
  if (host.isExecutable(path)) return { ok: true, path, installed: false };
  // A binary the user named is theirs to provide: Debian's package would not put it there.
  if (path !== DEBIAN_CHROMIUM) return { ok: false, line: missingChromiumLine(path, 'not found') };
  const aptGet = host.findCommand('apt-get');
  if (aptGet === null) return { ok: false, line: missingChromiumLine(path, 'not found, and there is no apt-get here to install it') };
  if (!host.isRoot) return { ok: false, line: missingChromiumLine(path, 'not found, and installing it needs root') };

  const env = { ...host.env, DEBIAN_FRONTEND: 'noninteractive' };
  host.say(`Chromium not found at ${path}: installing Debian's chromium package (apt-get)`);
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const status = host.run(aptGet, args, env);
    if (status !== 0) return { ok: false, line: missingChromiumLine(path, `apt-get ${args.join(' ')} failed with exit status ${status}`) };
  }
  if (!host.isExecutable(path)) return { ok: false, line: missingChromiumLine(path, 'still missing after apt-get install chromium') };
  return { ok: true, path, installed: true };
}
