import { describe, expect, it } from 'vitest';
import { filterDepartments } from './filters';

const departments = [
  { name: 'Treasury', category: 'administrative' },
  { name: 'Music', category: 'ministry' },
  { name: 'Communication', category: 'administrative' },
  { name: 'Communication', category: 'ministry' },
];

describe('filterDepartments', () => {
  it('shows every department for All Departments', () => {
    expect(filterDepartments(departments, 'all')).toHaveLength(4);
  });

  it('keeps one category', () => {
    expect(filterDepartments(departments, 'administrative').map((d) => d.name)).toEqual(['Treasury', 'Communication']);
    expect(filterDepartments(departments, 'ministry').map((d) => d.name)).toEqual(['Music', 'Communication']);
  });
});
