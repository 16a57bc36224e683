import type { Announcement } from '../../../lib/announcements';
import { provide, t } from '../../../i18n';
import { homeSections as homeSectionsTexts } from '../../../i18n/en/homeSections';

provide(homeSectionsTexts);

export type FeaturedAnnouncement = Omit<Announcement, 'created_at'>;

/** Shown when there is no current announcement or the read fails (spec §9), in the active language. */
export const defaultAnnouncement = (): FeaturedAnnouncement => ({
  id: 'default',
  title: t('home.defaultAnnouncementTitle'),
  content: t('home.defaultAnnouncementContent'),
  priority: 'normal',
  start_date: '',
  start_time: '08:30',
  end_date: null,
  end_time: '17:00',
  target_audience: 'all',
});
