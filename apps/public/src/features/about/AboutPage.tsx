import { Page } from '../../components/ui/Page';

export default function AboutPage() {
  return <Page title="About" />;
}
