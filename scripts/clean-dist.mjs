// tsup runs its two configs in parallel, so neither may clean dist/ itself.
import { rmSync } from 'node:fs';
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
