/**
 * What a command talks to: its output streams, the environment and the clock. The commands take
 * it as a parameter so tests can run them in-process; `processIo` is the real one.
 */
export interface CliIo {
  /** Results: what a script would capture (an id, a key, a table). */
  out(text: string): void;
  /** Notes for the person at the terminal, warnings and errors. */
  err(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  now(): Date;
}

export const processIo: CliIo = {
  out: (text) => {
    process.stdout.write(text);
  },
  err: (text) => {
    process.stderr.write(text);
  },
  env: process.env,
  now: () => new Date(),
};

/** The exit statuses of the commands: done, could not be done, called wrongly. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
