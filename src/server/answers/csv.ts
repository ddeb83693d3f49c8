/**
 * The cells of the service's CSV answers (RFC 4180): a job's results (../batch/results.ts) and the
 * usage log's export (../admin/usage-csv.ts).
 */

/** One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One CSV field of a value a client sent, which a spreadsheet must not run: a cell starting with
 * `=`, `+`, `-` or `@` (a formula to Excel, LibreOffice, Sheets) gets a leading `'`.
 * @example
 * ```ts
 * spreadsheetField('=HYPERLINK("x")'); // `"'=HYPERLINK(""x"")"`
 * spreadsheetField('DE89'); // 'DE89'
 * ```
 */
export function spreadsheetField(text: string): string {
  return csvField(/^[=+\-@]/.test(text) ? `'${text}` : text);
}
