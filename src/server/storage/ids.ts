/**
 * What an id of an account or a key can look like as a request names it. The store makes them
 * (UUIDs: sql/accounts.ts), so text of any other shape names nothing, and the admin API and the
 * dashboard answer it 404 without asking the store: PostgreSQL refuses a NUL character in a text
 * parameter, so a `%00` in a URL would otherwise fail the query (a 500), and an id of megabytes
 * would travel to the database for nothing.
 */

/** Letters, digits, `-` and `_`, 1 to 64 of them: every id the store makes, and room for test stores' own. */
const ID_SHAPE = /^[0-9A-Za-z_-]{1,64}$/;

/**
 * Whether `text` can be the id of a stored account or key; anything else is unknown without a look-up.
 * @example
 * ```ts
 * couldBeStoredId('0192f1a4-6c1e-7d3a-9b2f-4e5d6c7b8a90'); // true
 * couldBeStoredId('a\u0000b'); // false
 * ```
 */
export function couldBeStoredId(text: string): boolean {
  return ID_SHAPE.test(text);
}
