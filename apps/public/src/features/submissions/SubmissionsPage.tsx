import { Link } from '../../lib/router';
import { PageTitle } from '../../components/ui/Page';
import { useChurchSettings } from '../../lib/settings';

const categories = ['Prayer', 'Visitation', 'Reports', 'Counseling', 'Events', 'Maintenance', 'General'];

/** Placeholder: the seven request forms come with the requests issue. */
export default function SubmissionsPage() {
  const s = useChurchSettings();
  return (
    <div className="submissions-page">
      <PageTitle title="Submissions" />
      <div className="page-hero">
        <h1>Submissions</h1>
        <p>Send a request to church leadership: prayer, visitation, reports, counseling, events, maintenance or anything else.</p>
      </div>
      <section className="section">
        <p className="status-message">The request forms are coming soon to this page.</p>
        <h2>Requests we handle</h2>
        <ul className="chips">
          {categories.map((category) => (
            <li key={category}>{category}</li>
          ))}
        </ul>
        <h2>Until then</h2>
        <p>
          Call the church office{s.phone ? ` on ${s.phone}` : ''}
          {s.email ? ` or e-mail ${s.email}` : ''}; urgent matters go by phone. You can also{' '}
          <Link to="/contact">send us a message</Link>.
        </p>
      </section>
    </div>
  );
}
