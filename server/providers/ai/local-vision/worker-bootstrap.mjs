// Worker entry in plain JavaScript: registers tsx in this thread, then loads the TypeScript worker (as local-upscaler does).
// (Node 20 does not apply `--import tsx` hooks to a worker's own entry file, so worker.ts cannot be
// the entry directly.)
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
