/** Plain-text tables for the list commands: aligned columns, one header line, no borders. */

/** The rows under `headers`, each column as wide as its widest cell. */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/** A time as people read it in a list: `2026-01-15 09:30 UTC`. */
export function formatTime(date: Date | null, none = '-'): string {
  return date === null ? none : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
