import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { buildSpaIfStale } from './spa-build.mjs';

/**
 * `npm start`: build the SPA when missing or stale, then run the server in this same process
 * (so signals such as SIGTERM reach it directly and shut it down gracefully).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const spaDir = process.env.SPA_DIR ? path.resolve(process.env.SPA_DIR) : path.join(root, 'dist');
process.env.SPA_DIR = spaDir;
if (!process.env.SKIP_SPA_BUILD) await buildSpaIfStale(spaDir);
register();
await import('../server/index.ts');
