/**
 * The library functions that answer each field of ./catalog.ts: the offline validator (what
 * `verifield check` runs) and, for the fields that ask the outside world, the verified one the
 * service runs through the ports. Each field says its own in `src/<field>/validators.ts`; rules about
 * values stay in the fields' folders, and this table only gathers them (./generated/validators.ts).
 */
import type { FieldName } from './catalog.js';
import type { FieldValidators as ValidatorsOfResult } from './manifest.js';
import type { FieldResults } from './generated/catalog.js';

export type { RequestOptions, ServiceContext } from './manifest.js';

/** The functions that answer field `F`. */
export type FieldValidators<F extends FieldName> = ValidatorsOfResult<FieldResults[F]>;

/** Field -> the functions that answer it. */
export { VALIDATORS } from './generated/validators.js';
