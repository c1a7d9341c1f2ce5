/** See server-build.mjs: the bundled server that `npm start` and the journeys run. */
export const serverBundleDir: string;
export const serverEntry: string;
export function serverIsStale(): boolean;
export function buildServerIfStale(options?: { quiet?: boolean }): Promise<boolean>;
