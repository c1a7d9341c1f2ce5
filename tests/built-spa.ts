import path from 'node:path';
// @ts-expect-error: a plain ES module script shared with `npm start`
import { buildSpaIfStale } from '../scripts/spa-build.mjs';
import { buildServerIfStale } from '../scripts/server-build.mjs';

/** Where the tests' one production build of the SPA lives, with Vite's manifest for the page-weight check. */
export const builtSpaDir = () => process.env.SPA_DIR ?? path.resolve('.tmp/dist-e2e');

/**
 * Global set-up of the journeys and the page-weight check: builds the SPA once for both (unless it is
 * already up to date, or SPA_DIR points at a build made by `npm test` before them), and the server
 * bundle the journeys start (unless it is up to date).
 */
export default async function setup() {
  await buildServerIfStale({ quiet: true });
  if (!process.env.SPA_DIR) {
    await buildSpaIfStale(builtSpaDir(), { quiet: true, manifest: true });
    process.env.SPA_DIR = builtSpaDir();
  }
}
