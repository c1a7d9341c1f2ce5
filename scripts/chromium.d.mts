/** See chromium.mjs: the Chromium the journeys and benchmarks run, and the switches it starts with. */
export const chromePath: string;
export const journeyChromePath: string;
export const quietChromiumArgs: string[];
