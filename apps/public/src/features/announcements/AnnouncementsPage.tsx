import { Page } from '../../components/ui/Page';

export default function AnnouncementsPage() {
  return <Page title="Announcements" />;
}
