// @ts-check
/**
 * The baseline of `npm run bench:server`: a bare node:http server that reads the same JSON body as
 * the service and answers with the same library function's result, without auth, limiter, usage
 * metering or framework. What the service achieves as a fraction of this is the cost of everything
 * it adds. Plain JavaScript run by plain `node`, like the built service, so neither process carries
 * a TypeScript loader.
 *
 * usage: node bench/server/baseline.mjs DIST_DIR PORT
 * Prints `listening <port>` on stdout once it accepts connections.
 */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [distDir = 'dist', portText = '0'] = process.argv.slice(2);
const library = await import(pathToFileURL(resolve(distDir, 'index.js')).href);

/** @type {Record<string, (value: string) => unknown>} */
const VALIDATORS = {
  iban: library.validateIban,
  nif: library.validateNif,
  nas: library.validateNas,
  ssn: library.validateSsn,
  phone: library.validatePhone,
  vat: library.validateVat,
};
const PREFIX = '/api/v1/validate/';
// The cheapest refusal a bare server can give: a fixed 401, the body never read (the service
// refuses a bad key before reading the body too).
const REFUSE = '/api/v1/refuse/';
const REFUSAL = JSON.stringify({ errorCode: 'INVALID_API_KEY', message: 'The API key is not valid' });
const JSON_TYPE = 'application/json; charset=UTF-8';

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 */
function answer(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

const server = createServer((request, response) => {
  const url = request.url ?? '';
  if (url.startsWith(REFUSE)) {
    response.writeHead(401, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(REFUSAL) });
    response.end(REFUSAL);
    request.resume();
    return;
  }
  const validate = url.startsWith(PREFIX) ? VALIDATORS[url.slice(PREFIX.length)] : undefined;
  if (request.method !== 'POST' || validate === undefined) {
    answer(response, 404, { message: 'Not found' });
    request.resume();
    return;
  }
  /** @type {Buffer[]} */
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let value;
    try {
      value = JSON.parse(Buffer.concat(chunks).toString('utf8')).value;
    } catch {
      answer(response, 400, { message: 'The request body is not valid JSON' });
      return;
    }
    if (typeof value !== 'string') {
      answer(response, 400, { message: '"value" must be a string' });
      return;
    }
    answer(response, 200, validate(value));
  });
});
server.keepAliveTimeout = 5_000;
server.listen(Number(portText), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address !== null ? address.port : portText}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
