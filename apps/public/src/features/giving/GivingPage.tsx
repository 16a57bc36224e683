import type { GivingType, PaymentStatus } from '@kanisa/client';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { SelectField, TextField } from '../../components/ui/FormField';
import { PageTitle } from '../../components/ui/Page';
import { formatNumber, type MessageKey, provide, t } from '../../i18n';
import { Link } from '../../lib/router';
import { usePaymentProvider } from '../../lib/service-modes';
import { useChurchSettings } from '../../lib/settings';
import { PAGE_QUICK_AMOUNTS, THANKS_MS, givingTypeOptions, givingTypes, invalidAmountText, parseAmount, thanksText } from './payment';
import { PaymentDialog } from './PaymentDialog';
import { QuickAmounts } from './QuickAmounts';
import './giving.css';
import { giving as givingTexts } from '../../i18n/en/giving';

provide(givingTexts);

/** Fixed promotional figures (spec §2 Giving: "impact figures (fixed promotional text)"); labels are catalogue keys. */
const impactFigures: { value: number; plus: boolean; label: MessageKey }[] = [
  { value: 500, plus: true, label: 'giving.figureFamilies' },
  { value: 150, plus: true, label: 'giving.figureYoung' },
  { value: 12, plus: false, label: 'giving.figureMinistries' },
  { value: 15, plus: false, label: 'giving.figureChurches' },
];

const impactCards: { title: MessageKey; text: MessageKey }[] = [
  { title: 'giving.outreachTitle', text: 'giving.outreachText' },
  { title: 'giving.youthTitle', text: 'giving.youthText' },
  { title: 'giving.operationsTitle', text: 'giving.operationsText' },
  { title: 'giving.missionsTitle', text: 'giving.missionsText' },
];

/** "Call 0712 000 111 or write to office@…." with what the settings have. */
function questionsText(phone: string | null, email: string | null): string {
  if (phone) return email ? t('giving.callPhoneOrWrite', { phone, email }) : t('giving.callPhone', { phone });
  return email ? t('giving.callOfficeOrWrite', { email }) : t('giving.callOffice');
}

/**
 * The giving page (public-site.md §2 Giving): a scripture quote, the donation form whose Pay
 * button opens the payment dialog, impact figures and cards, How to Give (paybill and bank
 * details from System Settings, spec README point 16) and a thank-you note. After a completed
 * payment the amount is cleared, the type goes back to tithe and a thank-you toast shows for 5 s.
 *
 * Issue 32: the form comes right after the verse, so a donor on a phone finds it in the first
 * screen rather than two screens down below the promotional cards; and a How to Give block whose
 * settings are empty is left out once the settings are read (no sample account number, no
 * "ask the office" card in its place).
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
      setAmountError(invalidAmountText());
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
      <PageTitle title={t('giving.title')} />
      <div className="page-hero">
        <h1>{t('giving.title')}</h1>
        <figure className="giving-verse">
          <blockquote>
            <p>&ldquo;{t('giving.verse')}&rdquo;</p>
          </blockquote>
          <figcaption>{t('giving.verseReference')}</figcaption>
        </figure>
      </div>

      <section className="section section-soft" aria-labelledby="give-heading">
        <div className="giving-form-card">
          <h2 id="give-heading">{t('giving.giveOnline')}</h2>
          {online ? (
            <form ref={form} className="giving-form" noValidate onSubmit={onSubmit}>
              <TextField
                id={`${id}-amount`}
                label={t('giving.amountLabel')}
                name="amount"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder={t('giving.amountPlaceholder')}
                required
                value={amount}
                error={amountError}
                onValue={changeAmount}
              />
              <QuickAmounts amounts={PAGE_QUICK_AMOUNTS} value={amount} onPick={changeAmount} />
              <SelectField
                id={`${id}-type`}
                label={t('giving.typeLabel')}
                name="givingType"
                options={givingTypeOptions()}
                value={givingType}
                onValue={(value) => {
                  const type = givingTypes.find((option) => option.value === value);
                  if (type) setGivingType(type.value);
                }}
              />
              <p className="giving-form-hint">{t('giving.formHint', { provider: provider.label })}</p>
              <button type="submit" className="button button-give giving-pay">
                {t('giving.giveNow')}
              </button>
            </form>
          ) : (
            <p className="form-note" role="note">
              {t('giving.onlineOff')} <Link to="/giving#how-to-give">{t('giving.seeHowToGive')}</Link>.
            </p>
          )}
        </div>
      </section>

      <section className="section" aria-labelledby="impact-heading">
        <h2 id="impact-heading">{t('giving.impactHeading')}</h2>
        <dl className="giving-figures">
          {impactFigures.map((figure) => (
            <div key={figure.label}>
              <dt>{t(figure.label)}</dt>
              <dd>
                {formatNumber(figure.value)}
                {figure.plus ? '+' : ''}
              </dd>
            </div>
          ))}
        </dl>
        <div className="card-grid giving-impact">
          {impactCards.map((card) => (
            <article key={card.title} className="card">
              <h3>{t(card.title)}</h3>
              <p>{t(card.text)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section" id="how-to-give" aria-labelledby="how-heading">
        <h2 id="how-heading">{t('giving.howToGive')}</h2>
        <div className="card-grid">
          {s.paybillNumber || s.status === 'loading' ? (
            <article className="card">
              <h3>{t('giving.paybillTitle')}</h3>
              {s.paybillNumber ? (
                <dl className="info-details">
                  <div className="info-detail">
                    <dt>{t('giving.businessNumber')}</dt>
                    <dd>{s.paybillNumber}</dd>
                  </div>
                  {s.paybillAccount ? (
                    <div className="info-detail">
                      <dt>{t('giving.account')}</dt>
                      <dd>{s.paybillAccount}</dd>
                    </div>
                ) : null}
              </dl>
            ) : (
              <p>{t('giving.loading')}</p>
            )}
          </article>
          ) : null}
          {s.ussdCode ? (
            <article className="card">
              <h3>{t('giving.ussdTitle')}</h3>
              <p>{t('giving.ussdText', { code: s.ussdCode })}</p>
            </article>
          ) : null}
          {s.bankDetails || s.status === 'loading' ? (
            <article className="card">
              <h3>{t('giving.bankTitle')}</h3>
              {s.bankDetails ? (
                <dl className="info-details">
                  <div className="info-detail">
                    <dt>{t('giving.bank')}</dt>
                    <dd>
                      {s.bankDetails.bank}
                      {s.bankDetails.branch ? `, ${s.bankDetails.branch}` : ''}
                    </dd>
                  </div>
                  <div className="info-detail">
                    <dt>{t('giving.accountName')}</dt>
                    <dd>{s.bankDetails.accountName}</dd>
                  </div>
                  <div className="info-detail">
                    <dt>{t('giving.accountNumber')}</dt>
                    <dd>{s.bankDetails.accountNumber}</dd>
                  </div>
                </dl>
              ) : (
                <p>{t('giving.loading')}</p>
              )}
            </article>
          ) : null}
          <article className="card">
            <h3>{t('giving.questions')}</h3>
            <p>{questionsText(s.phone, s.email)}</p>
            <Link to="/contact" className="button button-outline">
              {t('giving.contactUs')}
            </Link>
          </article>
        </div>
      </section>

      <section className="section giving-thanks" aria-labelledby="thanks-heading">
        <h2 id="thanks-heading">{t('giving.thankYouHeading')}</h2>
        <p>{t('giving.thankYouText', { name: s.name })}</p>
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
              aria-label={t('giving.dismiss')}
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
