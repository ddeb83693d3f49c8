/**
 * The client's version, read from package.json when the package is built (the bundler inlines
 * this one field, not the file), so the `X-Service-SDK` header can never lag behind a release.
 */
import { version } from '../../package.json';

/** Version of the verifield package this client was built from. */
export const CLIENT_VERSION: string = version;

/** The `X-Service-SDK` header value the client sends: `verifield-js/<version>`. */
export const SDK_HEADER_VALUE: string = `verifield-js/${version}`;
