import { Link } from '../../lib/router';
import { PageTitle } from '../../components/ui/Page';
import { useChurchSettings } from '../../lib/settings';

/** Placeholder: the donation form and the payment dialog come with the giving issue. */
export default function GivingPage() {
  const s = useChurchSettings();
  return (
    <div className="giving-page">
      <PageTitle title="Giving" />
      <div className="page-hero">
        <h1>Giving</h1>
        <p>&ldquo;Every man according as he purposeth in his heart, so let him give; not grudgingly, or of necessity: for God loveth a cheerful giver.&rdquo; 2 Corinthians 9:7</p>
      </div>
      <section className="section">
        <p className="status-message">Online giving from this page is coming soon. Meanwhile you can give by M-Pesa or bank transfer.</p>
        <h2>How to Give</h2>
        <div className="card-grid">
          <article className="card">
            <h3>M-Pesa Paybill</h3>
            {s.paybillNumber ? (
              <dl className="info-details">
                <div className="info-detail">
                  <dt>Business number</dt>
                  <dd>{s.paybillNumber}</dd>
                </div>
                {s.paybillAccount ? (
                  <div className="info-detail">
                    <dt>Account</dt>
                    <dd>{s.paybillAccount}</dd>
                  </div>
                ) : null}
              </dl>
            ) : (
              <p>{s.status === 'loading' ? 'Loading…' : 'Ask the church office for the paybill details.'}</p>
            )}
          </article>
          <article className="card">
            <h3>Bank Transfer</h3>
            {s.bankDetails ? (
              <dl className="info-details">
                <div className="info-detail">
                  <dt>Bank</dt>
                  <dd>
                    {s.bankDetails.bank}
                    {s.bankDetails.branch ? `, ${s.bankDetails.branch}` : ''}
                  </dd>
                </div>
                <div className="info-detail">
                  <dt>Account name</dt>
                  <dd>{s.bankDetails.accountName}</dd>
                </div>
                <div className="info-detail">
                  <dt>Account number</dt>
                  <dd>{s.bankDetails.accountNumber}</dd>
                </div>
              </dl>
            ) : (
              <p>{s.status === 'loading' ? 'Loading…' : 'Ask the church office for the bank details.'}</p>
            )}
          </article>
          <article className="card">
            <h3>Questions?</h3>
            <p>
              Call {s.phone ?? 'the church office'}
              {s.email ? ` or write to ${s.email}` : ''}.
            </p>
            <Link to="/contact" className="button button-outline">
              Contact Us
            </Link>
          </article>
        </div>
      </section>
    </div>
  );
}
