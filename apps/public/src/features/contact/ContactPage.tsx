import { Page } from '../../components/ui/Page';

export default function ContactPage() {
  return <Page title="Contact" />;
}
