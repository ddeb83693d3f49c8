/**
 * `verifield serve` (docs/service.md#command-line): the HTTP service on the configured store until SIGINT or
 * SIGTERM, then a clean stop (requests in flight finish and their counts commit). Once it listens
 * on an empty store it creates the FREE account "default" and prints its key, a curl line and a
 * sign-in command on stdout (docs/service.md#first-start); everything else it says goes to stderr.
 */
import { randomUUID } from 'node:crypto';
import { bootstrapStore, firstRunMessage, openStore, startServer, unfinishedMessage, type OpenedStore } from '../server/index.js';
import { UsageError } from './args.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, processIo, type CliIo } from './io.js';
import { DEFAULT_DATA_DIR, readServeOptions, serveUsage } from './serve-options.js';

/** Resolves with the first of SIGINT and SIGTERM; a second one ends the process at once. */
function firstSignal(io: CliIo): Promise<string> {
  return new Promise((resolve) => {
    let received = false;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (received) {
        io.err(`verifield: ${signal} again, exiting without waiting\n`);
        process.exit(EXIT_FAILED);
      }
      received = true;
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

/**
 * `verifield serve [options]`; resolves with the exit status once the service has stopped. It stops
 * at the first SIGINT or SIGTERM, or when `stop` resolves (with what to call the reason in the log):
 * tests run it in-process that way.
 */
export async function runServe(argv: readonly string[], io: CliIo = processIo, stop?: Promise<string>): Promise<number> {
  let request: ReturnType<typeof readServeOptions>;
  try {
    request = readServeOptions(argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`verifield: ${error.message}\n${serveUsage}\n`);
    return EXIT_USAGE;
  }
  if (request.help) {
    io.out(`${serveUsage}\n`);
    return EXIT_OK;
  }
  const { config } = request;
  const log = (line: string): void => io.err(`${line}\n`);
  const stopped = stop ?? firstSignal(io);

  let opened: OpenedStore;
  try {
    opened = await openStore(config, log);
  } catch (error) {
    io.err(`verifield: cannot open the store: ${messageOf(error)}\n`);
    return EXIT_FAILED;
  }
  const { store, limiter } = opened;
  try {
    const server = await startServer({ ...config, store, limiter, log });
    const stopping = new AbortController();
    try {
      const stored = config.databaseUrl === undefined ? `embedded store in ${config.dataDir ?? DEFAULT_DATA_DIR}` : 'PostgreSQL';
      const where = config.redisUrl === undefined ? stored : `${stored} and Redis`;
      log(`verifield listening on ${server.url} (${where}); dashboard ${server.url}/dashboard, VIES status ${server.url}/status`);
      // Says whether the operator token is set, never the token.
      log(
        config.adminToken === undefined
          ? 'admin API (/api/v1/admin): dashboard sessions only; set VERIFIELD_ADMIN_TOKEN for operator access with Authorization: Bearer'
          : 'admin API (/api/v1/admin): operator token from VERIFIELD_ADMIN_TOKEN accepted',
      );
      // Only now, listening: a start that cannot listen creates nothing, and the key printed works
      // at the URL printed with it. It may wait for another instance's first start: the service
      // answers meanwhile, and a stop ends the wait.
      const firstStart = bootstrapStore(store, {
        now: io.now,
        instanceId: randomUUID(),
        show: (run) => io.out(`${firstRunMessage(run, server.url)}\n`),
        signal: stopping.signal,
      }).then(
        (outcome) => {
          if (outcome.status === 'unfinished') log(unfinishedMessage(outcome.account));
        },
        (error: unknown) => log(`verifield: first start: ${messageOf(error)}`),
      );
      const signal = await stopped;
      stopping.abort();
      await firstStart;
      log(`verifield: ${signal} received, finishing the requests in flight`);
    } finally {
      await server.close();
    }
  } catch (error) {
    io.err(`verifield: ${messageOf(error)}\n`);
    return EXIT_FAILED;
  } finally {
    await store.close();
  }
  log('verifield: stopped');
  return EXIT_OK;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
