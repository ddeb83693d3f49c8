/**
 * The validation endpoints on the Hono app: POST /api/v1/validate/<field> for each field runs the
 * request pipeline (src/server/pipeline/validate.ts) on the Web Request; any other method on
 * those paths is a 405 that says which one works. The Node listener serves the same POSTs
 * without Web objects (../fast-path.ts), through the same pipeline.
 */
import type { Context, Hono } from 'hono';
import { webInput } from '../../pipeline/body.js';
import { validationPath } from '../../../fields/catalog.js';
import { handleValidation, type ValidateDeps } from '../../pipeline/validate.js';
import { FIELDS } from '../../storage/types.js';
import { answerResponse, methodNotAllowed } from '../../answers/errors.js';

/**
 * Mounts the validation endpoints of every field on `app`, over the pipeline `deps`; `sourceOf` gives
 * a request's client address for the budget of failed authentications (undefined: not known).
 */
export function mountValidationRoutes(app: Hono, deps: ValidateDeps, sourceOf?: (c: Context) => string | undefined): void {
  for (const field of FIELDS) {
    const path = validationPath(field);
    app.post(path, async (c) => {
      const source = sourceOf?.(c);
      const input = webInput(c.req.raw, source === undefined ? undefined : () => source);
      return answerResponse(await handleValidation(field, input, deps));
    });
    app.all(path, () => methodNotAllowed());
  }
}
