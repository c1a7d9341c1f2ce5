import { describe, expect, it } from 'vitest';
import { grouped } from './grouped.js';

/** A run whose groups are recorded and which ends only when the test lets it. */
function recordingRun(fail: (item: string) => boolean = () => false) {
  const groups: string[][] = [];
  const open: Array<() => void> = [];
  const run = (items: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      groups.push(items);
      open.push(() => (items.some(fail) ? reject(new Error(`bad: ${items.filter(fail).join(',')}`)) : resolve(items.map((i) => `done ${i}`))));
    });
  const finishAll = async () => {
    for (let rounds = 0; rounds < 20; rounds++) {
      await new Promise((r) => setTimeout(r, 0));
      open.splice(0).forEach((end) => end());
    }
  };
  return { groups, open, run, finishAll };
}

const ticks = () => new Promise((r) => setTimeout(r, 0));

describe('grouped calls', () => {
  it('runs a call at once, as a group of one, when nothing else is running', async () => {
    const { groups, run, finishAll } = recordingRun();
    const call = grouped({ key: (i: string) => i, run });
    const result = call('a');
    expect(groups).toEqual([['a']]);
    await finishAll();
    await expect(result).resolves.toBe('done a');
  });

  it('puts the calls that arrive while a group runs into the next group, and settles each only when its group ends', async () => {
    const { groups, open, run, finishAll } = recordingRun();
    const call = grouped({ key: (i: string) => i, run });
    const settled: string[] = [];
    const first = call('a').then((r) => settled.push(r));
    const rest = ['b', 'c', 'd'].map((i) => call(i).then((r) => settled.push(r)));
    await ticks();
    expect(groups).toEqual([['a']]);
    expect(settled).toEqual([]);
    open.shift()!();
    await first;
    await ticks();
    expect(settled).toEqual(['done a']);
    expect(groups).toEqual([['a'], ['b', 'c', 'd']]);
    await finishAll();
    await Promise.all(rest);
    expect(settled).toEqual(['done a', 'done b', 'done c', 'done d']);
  });

  it('runs only the last of the waiting calls with one key, and gives all of them its outcome', async () => {
    const { groups, run, finishAll } = recordingRun();
    const call = grouped({ key: (i: string) => i[0]!, run });
    void call('x0');
    const waiting = [call('a1'), call('a2'), call('b1'), call('a3')];
    await finishAll();
    expect(groups).toEqual([['x0'], ['a3', 'b1']]);
    await expect(Promise.all(waiting)).resolves.toEqual(['done a3', 'done a3', 'done b1', 'done a3']);
  });

  it('runs each call of a failed group on its own, so only the bad one fails', async () => {
    const { groups, run, finishAll } = recordingRun((i) => i === 'bad');
    const call = grouped({ key: (i: string) => i, run });
    void call('first');
    const waiting = ['ok1', 'bad', 'ok2'].map((i) =>
      call(i).then(
        (r) => ({ r }),
        (e: Error) => ({ e: e.message }),
      ),
    );
    await finishAll();
    expect(groups).toEqual([['first'], ['ok1', 'bad', 'ok2'], ['ok1'], ['bad'], ['ok2']]);
    await expect(Promise.all(waiting)).resolves.toEqual([{ r: 'done ok1' }, { e: 'bad: bad' }, { r: 'done ok2' }]);
  });

  it('puts at most `most` calls in a group and keeps the rest for the next', async () => {
    const { groups, run, finishAll } = recordingRun();
    const call = grouped({ key: (i: string) => i, run, most: 2 });
    const all = ['a', 'b', 'c', 'd', 'e'].map((i) => call(i));
    await finishAll();
    await Promise.all(all);
    expect(groups).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('keeps running after a group failed', async () => {
    const { run, finishAll } = recordingRun((i) => i === 'bad');
    const call = grouped({ key: (i: string) => i, run });
    const bad = call('bad').catch((e: Error) => e.message);
    await finishAll();
    await expect(bad).resolves.toBe('bad: bad');
    const good = call('good');
    await finishAll();
    await expect(good).resolves.toBe('done good');
  });
});
