import { Page } from '../../components/ui/Page';

export default function GivingPage() {
  return <Page title="Giving" />;
}
