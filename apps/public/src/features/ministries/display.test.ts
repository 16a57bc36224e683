import { describe, expect, it } from 'vitest';
import { activityChips, categoryLabel, initials, ministryLeaders } from './display';

describe('initials', () => {
  it('takes the first and last name, skipping titles', () => {
    expect(initials('Pr. Samuel Langat')).toBe('SL');
    expect(initials("Dr. Catherine Ndung'u")).toBe('CN');
    expect(initials('Elder Joseph Otieno')).toBe('JO');
    expect(initials('brian ochieng')).toBe('BO');
    expect(initials('Faith')).toBe('F');
    expect(initials(null)).toBe('?');
  });
});

describe('activityChips', () => {
  it('shows three activities and counts the rest', () => {
    expect(activityChips(['A', 'B', 'C', 'D', 'E'])).toEqual({ chips: ['A', 'B', 'C'], more: 2 });
    expect(activityChips(['A', 'B', 'C'])).toEqual({ chips: ['A', 'B', 'C'], more: 0 });
    expect(activityChips([])).toEqual({ chips: [], more: 0 });
  });
});

describe('ministryLeaders', () => {
  it('keeps pastoral, ministry and department leaders, at most 8', () => {
    const leaders = [
      { id: 1, category: 'pastoral' },
      { id: 2, category: 'elder' },
      { id: 3, category: 'officer' },
      ...Array.from({ length: 10 }, (_, index) => ({ id: 10 + index, category: index % 2 ? 'ministry' : 'department' })),
    ];
    const chosen = ministryLeaders(leaders);
    expect(chosen).toHaveLength(8);
    expect(chosen.map((leader) => leader.id)).toEqual([1, 10, 11, 12, 13, 14, 15, 16]);
  });
});

describe('categoryLabel', () => {
  it('names the four categories', () => {
    expect(categoryLabel('age-groups')).toBe('Age Groups');
    expect(categoryLabel('worship')).toBe('Worship');
    expect(categoryLabel('new_kind')).toBe('New Kind');
  });
});
