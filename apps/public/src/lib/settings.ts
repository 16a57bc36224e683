import { queryOptions } from '@tanstack/react-query';
import type { Json } from '@kanisa/client';
import { church } from '../config/church';
import { localized, t } from '../i18n';
import { scheduleWords } from './schedule-words';
import type { SiteClient } from './kanisa';
import { useSiteQuery } from './site-data';
import { publishShellSettings, settleShellSettings } from './settings-store';

/**
 * The church's public System Settings (table system_settings, rows with is_public true; spec
 * README point 16), typed, with fallbacks for every value while loading or when the read fails.
 * Keys: migrations/0002_schema.sql (the settings registry). Lazy chunks only (React Query and
 * the client are not in the entry chunk); the entry chunk reads lib/settings-store.ts.
 */

export interface ServiceTime {
  name: string;
  /** Kiswahili name (optional; the English name when empty). Day and time words come from the catalogue. */
  name_sw?: string | null;
  day: string;
  time: string;
}

export interface OfficeHours {
  days: string;
  hours: string;
  /** Staff's Kiswahili wording (issue 32); without it the catalogue translates the English words. */
  days_sw?: string | null;
  hours_sw?: string | null;
}

export interface WeeklyActivityDay {
  day: string;
  /** activity_sw and location_sw: the optional Kiswahili beside the English. */
  activities: { time: string; activity: string; activity_sw?: string | null; location: string; location_sw?: string | null }[];
}

export interface SocialLinks {
  youtube: string | null;
  facebook: string | null;
  x: string | null;
  instagram: string | null;
}

export interface AboutStatistics {
  members: number;
  years: number;
  ministries: number;
  daughterChurches: number;
  foundedYear: number;
  foundingMembers: number;
}

export interface HeroImage {
  src: string;
  alt: string;
}

export interface BankDetails {
  bank: string;
  branch: string;
  accountName: string;
  accountNumber: string;
}

export interface ChurchSettings {
  name: string;
  branch: string;
  /** Street address, e.g. "Kanisa Road, Milimani, Nakuru"; null when not set. */
  address: string | null;
  postalAddress: string | null;
  phone: string | null;
  email: string | null;
  emailSecondary: string | null;
  website: string | null;
  pastorName: string | null;
  establishedYear: number | null;
  denomination: string;
  mapsUrl: string | null;
  /** A directions link built from the address (or the maps link when there is no address). */
  directionsUrl: string | null;
  /** An embeddable map of the address, for an iframe; null when there is no address. */
  mapEmbedUrl: string | null;
  social: SocialLinks;
  officeHours: OfficeHours[];
  /** Sabbath School, Divine Service, Prayer Meeting, Youth Meeting, then Bible Study when set. */
  serviceTimes: ServiceTime[];
  serviceDurationMinutes: number;
  weeklyActivities: WeeklyActivityDay[];
  aboutStatistics: AboutStatistics;
  /** Staff-chosen hero images (setting hero_images); null = use the bundled ones. */
  heroImages: HeroImage[] | null;
  currency: string;
  enableOnlineGiving: boolean;
  paybillNumber: string | null;
  paybillAccount: string | null;
  /** The USSD code feature phones dial (issue 47), when set. */
  ussdCode: string | null;
  bankDetails: BankDetails | null;
  /** 'loading' until the first answer, 'ready' with server values, 'fallback' when the read failed. */
  status: 'loading' | 'ready' | 'fallback';
}

/** The spec's service times (public-site.md §9), used until the settings arrive. */
export const defaultServiceTimes: ServiceTime[] = [
  { name: 'Sabbath School', name_sw: 'Shule ya Sabato', day: 'Saturday', time: '9:00 AM' },
  { name: 'Divine Service', name_sw: 'Ibada Kuu', day: 'Saturday', time: '11:00 AM' },
  { name: 'Prayer Meeting', name_sw: 'Mkutano wa Maombi', day: 'Wednesday', time: '6:00 PM' },
  { name: 'Youth Meeting', name_sw: 'Mkutano wa Vijana', day: 'Friday', time: '6:00 PM' },
];

const fallbackServiceTime: ServiceTime = { name: 'Divine Service', name_sw: 'Ibada Kuu', day: 'Saturday', time: '11:00 AM' };

export const defaultOfficeHours: OfficeHours[] = [
  { days: 'Monday to Friday', hours: '9:00 AM to 5:00 PM' },
  { days: 'Saturday', hours: '8:00 AM to 2:00 PM' },
];

/** The spec's statistics (public-site.md §2 About). */
export const defaultAboutStatistics: AboutStatistics = {
  members: 299,
  years: 45,
  ministries: 12,
  daughterChurches: 15,
  foundedYear: 1980,
  foundingMembers: 25,
};

export const defaultWeeklyActivities: WeeklyActivityDay[] = [
  {
    day: 'Saturday',
    activities: [
      { time: '9:00 AM', activity: 'Sabbath School', location: 'Main Sanctuary' },
      { time: '11:00 AM', activity: 'Divine Service', location: 'Main Sanctuary' },
    ],
  },
  { day: 'Wednesday', activities: [{ time: '6:00 PM', activity: 'Prayer Meeting', location: 'Main Sanctuary' }] },
  { day: 'Friday', activities: [{ time: '6:00 PM', activity: 'Youth Meeting', location: 'Youth Hall' }] },
];

export const fallbackSettings: ChurchSettings = {
  name: church.name,
  branch: church.branch,
  address: null,
  postalAddress: null,
  phone: null,
  email: null,
  emailSecondary: null,
  website: null,
  pastorName: null,
  establishedYear: null,
  denomination: 'Seventh-day Adventist',
  mapsUrl: null,
  directionsUrl: null,
  mapEmbedUrl: null,
  social: { youtube: null, facebook: null, x: null, instagram: null },
  officeHours: defaultOfficeHours,
  serviceTimes: defaultServiceTimes,
  serviceDurationMinutes: 90,
  weeklyActivities: defaultWeeklyActivities,
  aboutStatistics: defaultAboutStatistics,
  heroImages: null,
  currency: 'KES',
  enableOnlineGiving: true,
  paybillNumber: null,
  paybillAccount: null,
  ussdCode: null,
  bankDetails: null,
  status: 'loading',
};

type JsonObject = Record<string, Json | undefined>;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: Json | undefined): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
}

function num(value: Json | undefined): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function serviceTime(value: Json | undefined): ServiceTime | null {
  if (!isObject(value)) return null;
  const name = text(value.name);
  const day = text(value.day);
  const time = text(value.time);
  return name && day && time ? { name, name_sw: text(value.name_sw), day, time } : null;
}

function list<T>(value: Json | undefined, item: (entry: Json) => T | null): T[] | null {
  if (!Array.isArray(value)) return null;
  const items = value.map(item).filter((entry): entry is T => entry !== null);
  return items.length ? items : null;
}

/** The query string of a maps search for the address (OpenStreetMap: no key, no tracking). */
function mapLinks(address: string | null, mapsUrl: string | null) {
  if (!address) return { directionsUrl: mapsUrl, mapEmbedUrl: null };
  const query = encodeURIComponent(address);
  return {
    directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${query}`,
    mapEmbedUrl: `https://maps.google.com/maps?q=${query}&output=embed`,
  };
}

/**
 * The bank-transfer details, or null when they are not filled in: no bank, no account number,
 * or a sample number of zeros only ("0000000000000"), which nobody can pay into (issue 32).
 */
function bankDetails(value: Json | undefined): BankDetails | null {
  if (!isObject(value)) return null;
  const bank = text(value.bank);
  const accountNumber = text(value.account_number);
  if (!bank || !accountNumber || /^[0\s-]+$/.test(accountNumber)) return null;
  return { bank, branch: text(value.branch) ?? '', accountName: text(value.account_name) ?? '', accountNumber };
}

/** Turns the key/value rows into typed settings; anything missing or malformed keeps its fallback. */
export function parseSettings(rows: { key: string; value: Json }[]): ChurchSettings {
  const values = new Map(rows.map((row) => [row.key, row.value]));
  const f = fallbackSettings;
  const social = values.get('social_links');
  const stats = values.get('about_statistics');
  const bank = values.get('bank_details');
  const address = text(values.get('church_address'));
  const mapsUrl = text(values.get('maps_url'));
  const services = ['sabbath_school_time', 'divine_service_time', 'prayer_meeting_time', 'youth_meeting_time'].map(
    (key, index) => serviceTime(values.get(key)) ?? defaultServiceTimes[index] ?? fallbackServiceTime,
  );
  const bibleStudy = serviceTime(values.get('bible_study_time'));
  if (bibleStudy) services.push(bibleStudy);

  return {
    name: text(values.get('church_name')) ?? f.name,
    branch: text(values.get('branch_name')) ?? f.branch,
    address,
    postalAddress: text(values.get('postal_address')),
    phone: text(values.get('church_phone')),
    email: text(values.get('church_email')),
    emailSecondary: text(values.get('church_email_secondary')),
    website: text(values.get('website')),
    pastorName: text(values.get('pastor_name')),
    establishedYear: num(values.get('established_year')),
    denomination: text(values.get('denomination')) ?? f.denomination,
    mapsUrl: mapsUrl ?? (address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}` : null),
    ...mapLinks(address, mapsUrl),
    social: isObject(social)
      ? {
          youtube: text(social.youtube),
          facebook: text(social.facebook),
          x: text(social.x),
          instagram: text(social.instagram),
        }
      : f.social,
    officeHours:
      list(values.get('office_hours'), (entry) => {
        if (!isObject(entry)) return null;
        const days = text(entry.days);
        const hours = text(entry.hours);
        if (!days || !hours) return null;
        const daysSw = text(entry.days_sw);
        const hoursSw = text(entry.hours_sw);
        return { days, hours, ...(daysSw ? { days_sw: daysSw } : {}), ...(hoursSw ? { hours_sw: hoursSw } : {}) };
      }) ?? f.officeHours,
    serviceTimes: services,
    serviceDurationMinutes: num(values.get('service_duration_minutes')) ?? f.serviceDurationMinutes,
    weeklyActivities:
      list(values.get('weekly_activities'), (entry) => {
        if (!isObject(entry)) return null;
        const day = text(entry.day);
        const activities =
          list(entry.activities, (activity) => {
            if (!isObject(activity)) return null;
            const time = text(activity.time);
            const name = text(activity.activity);
            const location = text(activity.location);
            return time && name
              ? {
                  time,
                  activity: name,
                  activity_sw: text(activity.activity_sw),
                  location: location ?? 'Main Sanctuary',
                  location_sw: text(activity.location_sw),
                }
              : null;
          }) ?? [];
        return day ? { day, activities } : null;
      }) ?? f.weeklyActivities,
    aboutStatistics: isObject(stats)
      ? {
          members: num(stats.members) ?? f.aboutStatistics.members,
          years: num(stats.years) ?? f.aboutStatistics.years,
          ministries: num(stats.ministries) ?? f.aboutStatistics.ministries,
          daughterChurches: num(stats.daughter_churches) ?? f.aboutStatistics.daughterChurches,
          foundedYear: num(stats.founded_year) ?? f.aboutStatistics.foundedYear,
          foundingMembers: num(stats.founding_members) ?? f.aboutStatistics.foundingMembers,
        }
      : f.aboutStatistics,
    heroImages: list(values.get('hero_images'), (entry) => {
      if (!isObject(entry)) return null;
      const src = text(entry.src);
      return src ? { src, alt: text(entry.alt) ?? '' } : null;
    }),
    currency: text(values.get('currency')) ?? f.currency,
    enableOnlineGiving: values.get('enable_online_giving') !== false,
    paybillNumber: text(values.get('mobile_money_shortcode')),
    paybillAccount: text(values.get('paybill_account_number')),
    ussdCode: text(values.get('ussd_service_code')),
    bankDetails: bankDetails(bank),
    status: 'ready',
  };
}

export const settingsKeys = {
  all: ['settings'] as const,
  public: () => [...settingsKeys.all, 'public'] as const,
};

async function fetchChurchSettings(client: SiteClient): Promise<ChurchSettings> {
  const { data, error } = await client.from('system_settings').select('key, value').eq('is_public', true);
  if (error) {
    settleShellSettings();
    throw error;
  }
  const settings = parseSettings(data);
  publishShellSettings({ name: settings.name, branch: settings.branch, heroImages: settings.heroImages });
  return settings;
}

const THIRTY_MINUTES = 30 * 60_000;

/** The settings' reads (lib/site-data.tsx). */
export const settingsQueries = {
  /** The public settings: read once, kept for long, refreshed every 30 minutes. Pages may prefetch it. */
  public: (client: SiteClient) =>
    queryOptions({
      queryKey: settingsKeys.public(),
      queryFn: () => fetchChurchSettings(client),
      staleTime: THIRTY_MINUTES,
      gcTime: Infinity,
      refetchInterval: THIRTY_MINUTES,
    }),
};

/** Typed church settings; fallbacks while loading and when the read fails (status says which). */
export function useChurchSettings(): ChurchSettings {
  const { data, isError } = useSiteQuery(settingsQueries.public);
  if (data) return data;
  return isError ? { ...fallbackSettings, status: 'fallback' } : fallbackSettings;
}

/** A service's name in the active language (its Kiswahili name when set). */
export function serviceName(service: ServiceTime): string {
  return localized(service, 'name');
}

/** '{day} {time}' of a service, its weekday and time words from the catalogue. */
export function serviceWhen(service: ServiceTime, separator = ' '): string {
  return `${scheduleWords(service.day)}${separator}${scheduleWords(service.time)}`;
}

/** A weekly activity's name and place in the active language; the default place from the catalogue. */
export function activityTexts(activity: WeeklyActivityDay['activities'][number]): { activity: string; location: string } {
  const location = localized(activity, 'location');
  return {
    activity: localized(activity, 'activity'),
    location: location === 'Main Sanctuary' && !activity.location_sw ? t('layout.mainSanctuary') : location,
  };
}
