import { Page } from '../../components/ui/Page';

export default function DepartmentsPage() {
  return <Page title="Church Departments" />;
}
