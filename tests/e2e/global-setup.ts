import path from 'node:path';
// @ts-expect-error: a plain ES module script shared with `npm start`
import { buildSpaIfStale } from '../../scripts/spa-build.mjs';

/** Builds the SPA once for all journeys, unless SPA_DIR points at a build already. */
export default async function setup() {
  if (!process.env.SPA_DIR) {
    const outDir = path.resolve('.tmp/dist-e2e');
    await buildSpaIfStale(outDir, { quiet: true });
    process.env.SPA_DIR = outDir;
  }
}
