import type { GivingType, PaymentStatus } from '@kanisa/client';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { SelectField, TextField } from '../../components/ui/FormField';
import { PageTitle } from '../../components/ui/Page';
import { Link } from '../../lib/router';
import { usePaymentProvider } from '../../lib/service-modes';
import { useChurchSettings } from '../../lib/settings';
import { INVALID_AMOUNT, PAGE_QUICK_AMOUNTS, THANKS_MS, givingTypes, parseAmount, thanksText } from './payment';
import { PaymentDialog } from './PaymentDialog';
import { QuickAmounts } from './QuickAmounts';
import './giving.css';

/** Fixed promotional figures (spec §2 Giving: "impact figures (fixed promotional text)"). */
const impactFigures = [
  { value: '500+', label: 'families helped through community outreach' },
  { value: '150+', label: 'young people mentored every year' },
  { value: '12', label: 'ministries serving the church and town' },
  { value: '15', label: 'daughter churches planted' },
];

const impactCards = [
  {
    title: 'Community Outreach',
    text: 'Food and clothing drives, health days and visits to the sick and elderly bring practical care to our neighbours.',
  },
  {
    title: 'Youth Development',
    text: 'Pathfinders, Adventurers, youth camps and mentoring help children and young people grow in faith and character.',
  },
  {
    title: 'Church Operations',
    text: 'Your gifts keep the sanctuary open, maintained and equipped for worship, Sabbath School and every ministry.',
  },
  {
    title: 'Global Missions',
    text: 'Tithes and mission offerings support pastors, evangelism and mission work across Kenya and around the world.',
  },
];

/**
 * The giving page (public-site.md §2 Giving): a scripture quote, impact figures and cards, the
 * donation form whose Pay button opens the payment dialog, How to Give (paybill and bank details
 * from System Settings, spec README point 16) and a thank-you note. After a completed payment
 * the amount is cleared, the type goes back to tithe and a thank-you toast shows for 5 s.
 */
export default function GivingPage() {
  const s = useChurchSettings();
  const provider = usePaymentProvider();
  const online = provider.enabled && s.enableOnlineGiving;
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState('');
  const [givingType, setGivingType] = useState<GivingType>('tithe');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [paying, setPaying] = useState<{ amount: string; givingType: GivingType } | null>(null);
  const [thanks, setThanks] = useState<{ text: string } | null>(null);

  useEffect(() => {
    if (!thanks) return;
    const timer = window.setTimeout(() => {
      setThanks(null);
    }, THANKS_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [thanks]);

  const changeAmount = (value: string) => {
    setAmount(value);
    setAmountError(undefined);
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (parseAmount(amount) === null) {
      setAmountError(INVALID_AMOUNT);
      form.current?.querySelector<HTMLInputElement>('input[name="amount"]')?.focus();
      return;
    }
    setPaying({ amount: amount.trim(), givingType });
  };

  const completed = (payment: PaymentStatus) => {
    const type = paying?.givingType ?? givingType;
    setPaying(null);
    setAmount('');
    setGivingType('tithe');
    setThanks({ text: thanksText(type, payment.amount) });
  };

  return (
    <div className="giving-page">
      <PageTitle title="Giving" />
      <div className="page-hero">
        <h1>Giving</h1>
        <figure className="giving-verse">
          <blockquote>
            <p>
              &ldquo;Every man according as he purposeth in his heart, so let him give; not grudgingly, or of necessity: for God loveth a
              cheerful giver.&rdquo;
            </p>
          </blockquote>
          <figcaption>2 Corinthians 9:7</figcaption>
        </figure>
      </div>

      <section className="section" aria-labelledby="impact-heading">
        <h2 id="impact-heading">Your Giving at Work</h2>
        <dl className="giving-figures">
          {impactFigures.map((figure) => (
            <div key={figure.label}>
              <dt>{figure.label}</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </dl>
        <div className="card-grid giving-impact">
          {impactCards.map((card) => (
            <article key={card.title} className="card">
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="give-heading">
        <div className="giving-form-card">
          <h2 id="give-heading">Give Online</h2>
          {online ? (
            <form ref={form} className="giving-form" noValidate onSubmit={onSubmit}>
              <TextField
                id={`${id}-amount`}
                label="Amount (KES)"
                name="amount"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="1000"
                required
                value={amount}
                error={amountError}
                onValue={changeAmount}
              />
              <QuickAmounts amounts={PAGE_QUICK_AMOUNTS} value={amount} onPick={changeAmount} />
              <SelectField
                id={`${id}-type`}
                label="Giving Type"
                name="givingType"
                options={givingTypes}
                value={givingType}
                onValue={(value) => {
                  const type = givingTypes.find((option) => option.value === value);
                  if (type) setGivingType(type.value);
                }}
              />
              <p className="giving-form-hint">
                You will get a payment request from {provider.label} on your phone; enter your PIN there to complete your gift.
              </p>
              <button type="submit" className="button button-give giving-pay">
                Give Now
              </button>
            </form>
          ) : (
            <p className="form-note" role="note">
              Online giving is not available at the moment. Please give by paybill or bank transfer:{' '}
              <Link to="/giving#how-to-give">see How to Give</Link>.
            </p>
          )}
        </div>
      </section>

      <section className="section" id="how-to-give" aria-labelledby="how-heading">
        <h2 id="how-heading">How to Give</h2>
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

      <section className="section giving-thanks" aria-labelledby="thanks-heading">
        <h2 id="thanks-heading">Thank You</h2>
        <p>
          Thank you for your faithfulness and generosity. Every tithe and offering, large or small, helps {s.name} share God&rsquo;s
          love in our town and beyond. &ldquo;Bring ye all the tithes into the storehouse&rdquo; (Malachi 3:10).
        </p>
      </section>

      {paying ? (
        <PaymentDialog
          amount={paying.amount}
          givingType={paying.givingType}
          onClose={() => {
            setPaying(null);
          }}
          onComplete={completed}
        />
      ) : null}

      {/* Always present, so the thank-you is announced when it appears in it. */}
      <div className="giving-toast-region" aria-live="polite">
        {thanks ? (
          <div className="giving-toast" role="status">
            <p>{thanks.text}</p>
            <button
              type="button"
              className="giving-toast-close"
              aria-label="Dismiss"
              onClick={() => {
                setThanks(null);
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
