import { Page } from '../../components/ui/Page';

export default function MinistriesPage() {
  return <Page title="Ministries" />;
}
