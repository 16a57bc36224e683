import { Page } from '../../components/ui/Page';

export default function SubmissionsPage() {
  return <Page title="Submissions" />;
}
