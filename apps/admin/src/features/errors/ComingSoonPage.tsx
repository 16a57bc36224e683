import { Link } from 'react-router-dom';

/** A screen the menu already names but a later release builds. */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <section className="notice-page" aria-labelledby="coming-soon-title">
      <title>{title}</title>
      <h1 id="coming-soon-title">{title}</h1>
      <p>This screen is coming in a later release.</p>
      <p className="notice-help">
        Until then, nothing here needs your attention. <Link to="/dashboard">Back to the dashboard</Link>
      </p>
    </section>
  );
}
