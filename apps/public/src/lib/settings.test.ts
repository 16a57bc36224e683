import { describe, expect, it } from 'vitest';
import { defaultAboutStatistics, defaultServiceTimes, fallbackSettings, parseSettings } from './settings';

describe('parseSettings', () => {
  it('reads the demo values into typed settings', () => {
    const settings = parseSettings([
      { key: 'church_name', value: 'Mount Zion Seventh-day Adventist Church' },
      { key: 'branch_name', value: 'Town Centre' },
      { key: 'church_address', value: 'Kanisa Road, Milimani, Nakuru' },
      { key: 'church_phone', value: '+254 700 100 100' },
      { key: 'social_links', value: { youtube: 'https://www.youtube.com/@example', facebook: null } },
      { key: 'about_statistics', value: { members: 310, years: 46 } },
      { key: 'office_hours', value: [{ days: 'Sunday', hours: '10:00 AM to 1:00 PM' }] },
      { key: 'divine_service_time', value: { name: 'Divine Service', day: 'Saturday', time: '11:30 AM' } },
      { key: 'hero_images', value: [{ src: '/storage/v1/object/public/public/hero-1.webp', alt: 'Our church' }, 'bad'] },
    ]);
    expect(settings.name).toBe('Mount Zion Seventh-day Adventist Church');
    expect(settings.branch).toBe('Town Centre');
    expect(settings.phone).toBe('+254 700 100 100');
    expect(settings.social).toEqual({ youtube: 'https://www.youtube.com/@example', facebook: null, x: null, instagram: null });
    expect(settings.aboutStatistics).toEqual({ ...defaultAboutStatistics, members: 310, years: 46 });
    expect(settings.officeHours).toEqual([{ days: 'Sunday', hours: '10:00 AM to 1:00 PM' }]);
    expect(settings.serviceTimes[1]?.time).toBe('11:30 AM');
    expect(settings.serviceTimes[0]).toEqual(defaultServiceTimes[0]);
    expect(settings.heroImages).toEqual([{ src: '/storage/v1/object/public/public/hero-1.webp', alt: 'Our church' }]);
    expect(settings.mapsUrl).toContain('Kanisa%20Road');
    expect(settings.mapEmbedUrl).toContain('output=embed');
    expect(settings.status).toBe('ready');
  });

  it('keeps the fallbacks for values that are unset (JSON null) or malformed', () => {
    const settings = parseSettings([
      { key: 'church_name', value: null },
      { key: 'office_hours', value: 'not a list' },
      { key: 'church_email', value: '  ' },
    ]);
    expect(settings.name).toBe(fallbackSettings.name);
    expect(settings.officeHours).toEqual(fallbackSettings.officeHours);
    expect(settings.email).toBeNull();
    expect(settings.heroImages).toBeNull();
    expect(settings.serviceTimes).toEqual(defaultServiceTimes);
  });

  it('reads bank details only when they are filled in: a bank and a real account number (issue 32)', () => {
    const bank = (value: Record<string, string>) => parseSettings([{ key: 'bank_details', value }]).bankDetails;
    expect(bank({ bank: 'Equity Bank', branch: 'Nakuru', account_name: 'Mount Zion SDA Church', account_number: '0123456789' })).toEqual({
      bank: 'Equity Bank',
      branch: 'Nakuru',
      accountName: 'Mount Zion SDA Church',
      accountNumber: '0123456789',
    });
    expect(bank({ bank: 'Equity Bank', branch: 'Nakuru', account_name: 'Mount Zion SDA Church', account_number: '0000000000000' })).toBeNull();
    expect(bank({ bank: 'Equity Bank', account_number: ' ' })).toBeNull();
    expect(bank({ bank: '', account_number: '0123456789' })).toBeNull();
  });
});
