import { Link } from '../../lib/router';
import { Page } from '../../components/ui/Page';

export default function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>There is no page at this address.</p>
      <p>
        <Link to="/" className="button">
          Go to the home page
        </Link>
      </p>
    </Page>
  );
}
