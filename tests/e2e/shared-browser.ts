import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { journeyChromePath, quietChromiumArgs } from '../../scripts/chromium.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the journeys' one Chromium listens; each journey connects and works in contexts of its own. */
    browserEndpoint: string;
  }
}

/**
 * Global set-up of the journeys: one Chromium for all of them. Starting a browser per journey file cost
 * about a second of both cores each time; contexts keep the journeys as apart as separate browsers did
 * (their own storage, cookies and cache).
 */
export default async function setup(project: TestProject) {
  let server: BrowserServer | null = await chromium.launchServer({ executablePath: journeyChromePath, headless: true, args: quietChromiumArgs });
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    await server?.close();
    server = null;
  };
}
