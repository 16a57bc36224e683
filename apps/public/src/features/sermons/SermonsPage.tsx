import { Page } from '../../components/ui/Page';

export default function SermonsPage() {
  return <Page title="Sermons" />;
}
