import { Page } from '../../components/ui/Page';

export default function EventsPage() {
  return <Page title="Events" />;
}
