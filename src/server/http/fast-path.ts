/**
 * The Node listener's fast path for POST /api/v1/validate/<field>: the same pipeline as the Hono
 * route (routes/validation.ts; src/server/pipeline/validate.ts, handleValidation), read from Node's IncomingMessage and written to its
 * ServerResponse directly. Building a Web Request and Response around each call cost about as much
 * CPU as a whole bare node:http request (measured for the performance issue), and these endpoints
 * are the service's hot path. Every other request, and any validation URL this does not recognise
 * exactly (a query string aside), goes to the Hono app, which answers it the same way. A body left
 * unread (an answer given before it, or one too large) is never read past 16 KiB (unread-body.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { validationPath } from '../../fields/catalog.js';
import { describeError, ERROR_MESSAGES, errorAnswer, JSON_TYPE, type ValidationAnswer } from '../answers/errors.js';
import { logFailure } from '../answers/log-throttle.js';
import type { TrustedProxies } from './client-source.js';
import { nodeInput } from './node-input.js';
import { handleValidation, type ValidateDeps } from '../pipeline/validate.js';
import { FIELDS, type Field } from '../storage/types.js';
import { answerAndClose, connectionFate, type ConnectionFate } from './unread-body.js';

/** Handles `incoming` when it is a validation call and says so; false leaves it to the app. */
export type FastPath = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

const FIELD_BY_PATH: ReadonlyMap<string, Field> = new Map(FIELDS.map((field) => [validationPath(field), field]));

/** Writes `answer` once the fate of the connection is known (at once, unless a chunked body is left unread). */
function writeAnswer(incoming: IncomingMessage, outgoing: ServerResponse, answer: ValidationAnswer): void | Promise<void> {
  // A refusal that closes the connection (429 AUTH_RATE_LIMITED) leaves the body unread, whatever its size.
  const fate = answer.headers?.Connection === 'close' ? 'close' : connectionFate(incoming);
  if (typeof fate === 'string') return writeWithFate(incoming, outgoing, answer, fate);
  return fate.then((settled) => writeWithFate(incoming, outgoing, answer, settled));
}

function writeWithFate(incoming: IncomingMessage, outgoing: ServerResponse, answer: ValidationAnswer, fate: ConnectionFate): void {
  // The client went away: there is no one to answer (the count, if any, stands).
  if (outgoing.headersSent || outgoing.destroyed) return;
  const text = JSON.stringify(answer.body);
  const headers: Record<string, string | number> = { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(text), ...answer.headers };
  if (fate === 'close') {
    answerAndClose(incoming, outgoing, answer.status, headers, text);
    return;
  }
  outgoing.writeHead(answer.status, headers);
  outgoing.end(text);
}

/** The fast path over the pipeline an app runs (app.ts assembleApp hands it over). */
export function validationFastPath(deps: ValidateDeps, trusted: TrustedProxies): FastPath {
  return (incoming, outgoing) => {
    if (incoming.method !== 'POST') return false;
    const url = incoming.url ?? '';
    const query = url.indexOf('?');
    const field = FIELD_BY_PATH.get(query === -1 ? url : url.slice(0, query));
    if (field === undefined) return false;
    const input = nodeInput(incoming, trusted);
    handleValidation(field, input, deps)
      .then((answer) => writeAnswer(incoming, outgoing, answer))
      .catch((error: unknown) => {
        // handleValidation never rejects; this is writing the answer failing, which carries no secret.
        logFailure(deps.failureLog, { level: 'error', msg: 'writing a validation answer failed', endpoint: field }, describeError(error, []));
        Promise.resolve()
          .then(() => writeAnswer(incoming, outgoing, errorAnswer(500, 'INTERNAL', ERROR_MESSAGES.INTERNAL, '', { 'Content-Language': 'en' })))
          .catch(() => outgoing.destroy());
      });
    return true;
  };
}
