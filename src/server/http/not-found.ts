/**
 * The 404 of a path the service does not have (docs/envelope.md#other-error-answers): `NOT_FOUND`
 * with a hint that gets the caller to the right path. A field's path in the wrong case names the
 * right one, an unknown field lists the fields, a trailing slash names the path without it, and
 * anything else says where the API is described.
 */
import { FIELD_NAMES, isFieldName, validationPath } from '../../fields/catalog.js';
import { apiErrorResponse } from '../answers/errors.js';
import { OPENAPI_PATH } from './openapi.js';

const VALIDATE_PREFIX = '/api/v1/validate/';
const FIELD_LIST = FIELD_NAMES.join(', ');
const TRAILING_SLASHES = /\/+$/;
/** The longest path a message quotes: a path is echoed, never a 16 KiB one. */
const MAX_QUOTED_PATH = 120;

/**
 * The hint for `path`. `knownPath` says whether the service answers a path, so that the
 * trailing-slash hint names only a path that exists.
 * @example
 * ```ts
 * notFoundMessage('/api/v1/validate/IBAN', () => false);
 * // 'No endpoint at /api/v1/validate/IBAN: paths are lower case, use /api/v1/validate/iban'
 * ```
 */
export function notFoundMessage(path: string, knownPath: (path: string) => boolean): string {
  const quoted = path.length > MAX_QUOTED_PATH ? `${path.slice(0, MAX_QUOTED_PATH)}…` : path;
  const bare = path.replace(TRAILING_SLASHES, '');
  if (bare !== path && bare !== '' && knownPath(bare)) return `No endpoint at ${quoted}: use ${bare}, without the trailing slash`;
  if (path.toLowerCase().startsWith(VALIDATE_PREFIX)) {
    const name = bare.slice(VALIDATE_PREFIX.length).toLowerCase();
    if (isFieldName(name)) return `No endpoint at ${quoted}: paths are lower case, use ${validationPath(name)}`;
    return `No validation endpoint at ${quoted}: the fields are ${FIELD_LIST}, each at POST ${VALIDATE_PREFIX}<field>`;
  }
  return `No endpoint at ${quoted}: the API is under /api/v1, described at GET ${OPENAPI_PATH}`;
}

/** 404 NOT_FOUND for `path`, with the hint of {@link notFoundMessage}. */
export function notFoundResponse(path: string, knownPath: (path: string) => boolean): Response {
  return apiErrorResponse(404, 'NOT_FOUND', notFoundMessage(path, knownPath));
}
