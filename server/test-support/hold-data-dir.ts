/**
 * Child process for the data-dir lock test: opens the embedded database in the folder given as argv[2],
 * says "ready <pid>" on stdout and stays alive until it is killed.
 */
import { openDatabase } from '../db/client.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: hold-data-dir.ts <dir>');
await openDatabase({ dataDir: dir });
process.stdout.write(`ready ${process.pid}\n`);
setInterval(() => {}, 60_000);
