import { describe, expect, it } from 'vitest';
import { toChurchIdentity } from './settings';

describe('the church’s letterhead from the public settings', () => {
  it('reads the General settings it names, leaving out empty or missing ones', () => {
    expect(
      toChurchIdentity([
        { key: 'church_name', value: 'Mount Zion SDA Church' },
        { key: 'branch_name', value: '  ' },
        { key: 'church_address', value: 'Kanisa Road, Nakuru' },
        { key: 'church_phone', value: '+254 700 100 100' },
        { key: 'church_email', value: 42 },
        { key: 'website', value: '  https://example.org ' },
      ]),
    ).toEqual({
      name: 'Mount Zion SDA Church',
      branch: null,
      address: 'Kanisa Road, Nakuru',
      postalAddress: null,
      phone: '+254 700 100 100',
      email: null,
      website: 'https://example.org',
    });
  });
});
