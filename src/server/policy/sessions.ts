/**
 * How long dashboard sign-ins last (docs/service.md). The session layer, the login-link command
 * and the prune job all read these, so a session cannot outlive what the pruning keeps.
 */

/**
 * A dashboard session ends after this long without a request (12 h): long enough for a working
 * day, short enough that a forgotten browser does not stay signed in.
 */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

/**
 * A one-time sign-in link stops working this long after it was made (15 min): it travels through
 * a terminal or a message, so it must not stay usable for long.
 */
export const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;

/**
 * A secret a dashboard form made (a new key, a webhook secret) waits this long (5 min) for the page
 * the form leads to, which shows it once: enough for a slow connection, too short to be found later.
 */
export const REVEAL_TTL_MS = 5 * 60 * 1000;
