import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServerIfStale, serverEntry } from './server-build.mjs';
import { buildSpaIfStale } from './spa-build.mjs';

/**
 * `npm start`: build the SPA and the server bundle when missing or stale, then run the server in this same process
 * (so signals such as SIGTERM reach it directly and shut it down gracefully). The script is started
 * with `exec`, so npm's shell is replaced by this process and the SIGTERM or SIGINT that npm forwards
 * to its child reaches the server.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const spaDir = process.env.SPA_DIR ? path.resolve(process.env.SPA_DIR) : path.join(root, 'dist');
process.env.SPA_DIR = spaDir;
if (!process.env.SKIP_SPA_BUILD) await buildSpaIfStale(spaDir);
await buildServerIfStale();
stopWhenOrphaned();
await import(pathToFileURL(serverEntry).href);

/**
 * Where a shell stays between npm and this process (a platform whose shell has no `exec`), a
 * supervisor's SIGTERM ends npm and the shell but not this process. Its parent changing means it
 * was left behind: it then stops the way SIGTERM stops it, instead of holding the port as an orphan.
 */
function stopWhenOrphaned() {
  const parent = process.ppid;
  if (parent <= 1) return;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, 500);
  timer.unref();
}
