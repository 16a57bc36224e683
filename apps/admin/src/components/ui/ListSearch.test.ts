import { describe, expect, it } from 'vitest';
import { matchesSearch } from './ListSearch';

describe('matchesSearch', () => {
  it('matches every word, in any field, in any case', () => {
    expect(matchesSearch('', 'Anything')).toBe(true);
    expect(matchesSearch('  ', null)).toBe(true);
    expect(matchesSearch('sabbath', 'The Sabbath: A Sign of Love', 'Elder Paul')).toBe(true);
    expect(matchesSearch('sabbath paul', 'The Sabbath: A Sign of Love', 'Elder Paul')).toBe(true);
    expect(matchesSearch('sabbath grace', 'The Sabbath: A Sign of Love', 'Elder Paul')).toBe(false);
    expect(matchesSearch('prophecy', 'Behold', null, 'Prophecy Speaks Today')).toBe(true);
  });
});
