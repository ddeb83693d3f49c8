import { fileURLToPath } from 'node:url';

/** The repository's root folder, ending in a slash: where child processes run and paths start. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
