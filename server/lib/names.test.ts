import { describe, expect, it } from 'vitest';
import { nameKeyOf, namesLookAlike } from './names.js';
import { skeleton } from './skeleton.js';

describe('skeleton (UTS #39)', () => {
  it("maps look-alike letters to Unicode's prototypes", () => {
    expect(skeleton('H\u0251ssan')).toBe('Hassan');
    expect(skeleton('\u13bbassan')).toBe('Hassan');
    expect(skeleton('Ahmed')).toBe(skeleton('Ahrned'));
    expect(skeleton('\u1d00\u029c\u1d0d\u1d07\u1d05')).toBe(skeleton('AHMED'));
    expect(skeleton('محمد علي')).toBe(skeleton('محمد على'));
  });
});

describe('names that pass for each other', () => {
  it.each([
    ['Dr. Ahmed Hassan', 'Dr. Ahmed H\u0251ssan'],
    ['Dr. Ahmed Hassan', '\u1d00\u029c\u1d0d\u1d07\u1d05 \u029c\u1d00ss\u1d00\u0274'],
    ['Dr. Ahmed Hassan', 'Dr. Ahmed \u13bbassan'],
    ['Dr. Ahmed Hassan', 'Prof. Ahmed Hassan'],
    ['Dr. Ahmed Hassan', 'Doctor Ahmed Hassan'],
    ['Dr. Ahmed Hassan', 'د. Ahmed Hassan'],
    ['Dr. Ahmed Hassan', 'Ahmed Hassan MD'],
    ['Dr. Ahmed Hassan', 'Ahmed Hassan, M.D.'],
    ['Dr. Ahmed Hassan', 'Ahmed Hassan (Cardiology)'],
    ['Dr. Ahmed Hassan', 'Dr. Ahrned Hassan'],
    ['Dr. Ahmed Hassan', 'Dr. Ahmed Hasan'],
    ['د. أحمد حسن', 'الدكتور احمد حسن'],
    ['د. أحمد حسن', 'أ.د. أحمـــد حسن'],
    ['د. أحمد حسن', 'بروفيسور أحمد حسن'],
  ])('"%s" and "%s"', (a, b) => {
    expect(namesLookAlike(a, b)).toBe(true);
  });

  it.each([
    ['Dr. Ahmed Hassan', 'Ahmed Hassanein'],
    ['Dr. Ahmed Hassan', 'Dr. Mahmoud Hassan'],
    ['Dr. Ahmed Hassan', 'د. أحمد حسن'],
    ['د. أحمد حسن', 'د. محمد حسن'],
    ['د. أحمد حسن', 'د. أحمد حسين'],
    ['Dr. Nour Salem', 'Dr. Nour Samir'],
  ])('not "%s" and "%s"', (a, b) => {
    expect(namesLookAlike(a, b)).toBe(false);
  });

  it('tells a title set aside, in either language', () => {
    expect(nameKeyOf('Dr. Mona').titled).toBe(true);
    expect(nameKeyOf('الدكتورة منى').titled).toBe(true);
    expect(nameKeyOf('Mona (Cardiology)').titled).toBe(true);
    expect(nameKeyOf('Mona (Abu Ali)').titled).toBe(false);
    expect(nameKeyOf('Mona Mahmoud').titled).toBe(false);
    expect(nameKeyOf('Dr.').key).toBe('');
  });
});
