import { describe, expect, it } from 'vitest';
import { addDays, planDays } from './plan.ts';

describe('planDays', () => {
  const candidates = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      uid: `user-${String(index).padStart(2, '0')}`,
      joined: `2025-01-01T00:00:${String(index).padStart(2, '0')}Z`,
      lastDay: null,
    }));

  it('gives each candidate a turn before anyone has a second one', () => {
    const plan = planDays({
      firstDay: '2025-03-01',
      lastDay: addDays('2025-03-01', 9),
      candidates: candidates(4),
    });
    expect(plan.map((entry) => entry.uid)).toEqual([
      'user-00',
      'user-01',
      'user-02',
      'user-03',
      'user-00',
      'user-01',
      'user-02',
      'user-03',
      'user-00',
      'user-01',
    ]);
    expect(plan.map((entry) => entry.day).at(-1)).toBe('2025-03-10');
  });

  it('puts whoever waited longest first, and a newcomer before everyone', () => {
    const plan = planDays({
      firstDay: '2025-03-10',
      lastDay: '2025-03-12',
      candidates: [
        { uid: 'recent', joined: '2025-01-01', lastDay: '2025-03-09' },
        { uid: 'waited', joined: '2025-01-02', lastDay: '2025-03-01' },
        { uid: 'new', joined: '2025-03-09', lastDay: null },
      ],
    });
    expect(plan.map((entry) => entry.uid)).toEqual(['new', 'waited', 'recent']);
  });

  it('plans nothing without candidates', () => {
    expect(planDays({ firstDay: '2025-03-01', lastDay: '2025-03-31', candidates: [] })).toEqual([]);
  });

  it('crosses month and year ends by calendar days', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});
