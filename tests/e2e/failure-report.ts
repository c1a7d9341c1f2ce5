import { afterEach, beforeEach } from 'vitest';
import { journeyTrace } from './harness.js';

/**
 * A journey that fails under load often fails far from its cause (a step waits 30 s for text that a
 * refused request or a page error never let appear). Each failing test prints, after its error, what
 * its pages reported and the end of each running portal's log.
 */
const logLines = 40;

beforeEach(() => {
  journeyTrace.events.length = 0;
});

afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return;
  const report = [`── what the pages of "${task.name}" reported ──`, ...(journeyTrace.events.length ? journeyTrace.events : ['(nothing)'])];
  for (const portal of journeyTrace.portals) {
    const log = portal.logs().trim();
    const lines = log ? log.split('\n').slice(-logLines) : ['(nothing at its log level, warn, or above)'];
    report.push(`── the portal at ${portal.url}: the end of its log ──`, ...lines);
  }
  console.log(report.join('\n'));
});
