import { unexplainedFailure } from '../../scripts/vitest-failure.mjs';

const passingTests = [' ✓ tests/server/a.test.ts (3 tests) 20ms', ' ✓ tests/server/b.test.ts (1 test) 4ms', ''];
const totals = [' Test Files  2 passed (2)', '      Tests  4 passed (4)', '     Errors  1 error', ' Duration  1.2s'];

describe('unexplainedFailure', () => {
  it('picks out the unhandled error that failed a run whose tests all passed', () => {
    const output = [
      ...passingTests,
      '⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯',
      'Vitest caught 1 unhandled error during the test run.',
      '⎯⎯⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯⎯',
      'Error: Connection is closed.',
      ' ❯ close node_modules/ioredis/built/redis/event_handler.js:214:25',
      'This error originated in "tests/server/b.test.ts" test file.',
      '⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯',
      '',
      ...totals,
    ].join('\n');
    const why = unexplainedFailure(output);
    expect(why.split('\n')[0]).toContain('Unhandled Errors');
    expect(why).toContain('Error: Connection is closed.');
    expect(why).toContain('originated in "tests/server/b.test.ts"');
    expect(why).not.toContain('a.test.ts');
    expect(why).not.toContain('Test Files');
  });

  it('reads output in colour as Vitest writes it', () => {
    const red = (text: string) => `\x1b[31m${text}\x1b[39m`;
    const output = [red('⎯⎯ Unhandled Errors ⎯⎯'), red('Error: left behind'), '', `\x1b[2m Test Files \x1b[22m \x1b[32m1 passed\x1b[39m`].join('\n');
    expect(unexplainedFailure(output)).toBe('⎯⎯ Unhandled Errors ⎯⎯\nError: left behind');
  });

  it('keeps a long error block to its first lines', () => {
    const stack = Array.from({ length: 100 }, (_, i) => ` ❯ frame${i} file.js:${i}:1`);
    const why = unexplainedFailure(['⎯⎯ Unhandled Rejection ⎯⎯', 'Error: boom', ...stack, ...totals].join('\n'), 10);
    expect(why.split('\n')).toHaveLength(10);
    expect(why).toContain('Error: boom');
  });

  it('falls back to the end of the output when there is no unhandled error (a runner that did not close)', () => {
    const output = [
      ...passingTests,
      ...totals,
      'close timed out after 10000ms',
      'Tests closed successfully but something prevents Vite server from exiting',
    ].join('\n');
    const why = unexplainedFailure(output);
    expect(why).toContain('close timed out after 10000ms');
    expect(why.split('\n').length).toBeLessThanOrEqual(12);
  });
});
