// Worker entry in plain JavaScript: registers tsx in this thread, then loads the TypeScript worker (as local-vision does).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
