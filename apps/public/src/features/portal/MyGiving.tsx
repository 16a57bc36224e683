import { useState, type SyntheticEvent } from 'react';
import { formatDate, formatNumber, t, type MessageKey } from '../../i18n';
import { nairobiToday } from '../../lib/announcements';
import { useChurchSettings } from '../../lib/settings';
import { refusalText } from './api/sign-in';
import { useStatement, type Gift } from './api/statement';

/** Gifts shown at a time; "Show more" adds as many again. */
export const GIFTS_PAGE = 20;

const FUNDS: Readonly<Record<string, MessageKey>> = {
  tithe: 'portal.fundTithe',
  offering: 'portal.fundOffering',
  special_project: 'portal.fundSpecialProject',
  building_fund: 'portal.fundBuildingFund',
  missions: 'portal.fundMissions',
};

const fund = (type: string) => (FUNDS[type] ? t(FUNDS[type]) : type);
const kes = (amount: number) => formatNumber(amount, { maximumFractionDigits: 2 });

const day = (date: string) => formatDate(new Date(`${date}T12:00:00+03:00`), { day: 'numeric', month: 'short', year: 'numeric' });

function GiftRows({ gifts }: { gifts: Gift[] }) {
  return (
    <>
      {gifts.map((gift) => (
        <tr key={gift.id}>
          <td>{day(gift.giving_date)}</td>
          <td>{fund(gift.giving_type)}</td>
          <td>{kes(gift.amount)}</td>
          <td>{gift.receipt_no ?? ''}</td>
        </tr>
      ))}
    </>
  );
}

function GiftTable({ gifts, className }: { gifts: Gift[]; className: string }) {
  return (
    <table className={className}>
      <thead>
        <tr>
          <th scope="col">{t('portal.date')}</th>
          <th scope="col">{t('portal.fund')}</th>
          <th scope="col">{t('portal.amount')}</th>
          <th scope="col">{t('portal.receipt')}</th>
        </tr>
      </thead>
      <tbody>
        <GiftRows gifts={gifts} />
      </tbody>
    </table>
  );
}

/**
 * The member's giving from the statement the treasurer prints (`get_giving_statement`, the same
 * figures): this year by default, or any period the member picks; every gift, newest first, a
 * page at a time on the screen and all of them on paper (Print).
 */
export function MyGiving({ userId, memberId, name }: { userId: string; memberId: string; name: string }) {
  const today = nairobiToday();
  const year = today.slice(0, 4);
  const church = useChurchSettings();
  const [range, setRange] = useState({ from: `${year}-01-01`, to: today });
  const [draft, setDraft] = useState(range);
  const [rangeProblem, setRangeProblem] = useState<string | undefined>();
  const statement = useStatement(userId, memberId, range.from, range.to);
  const [shown, setShown] = useState(GIFTS_PAGE);
  const thisYear = range.from === `${year}-01-01` && range.to === today;

  function choose(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft.from || !draft.to || draft.from > draft.to) {
      setRangeProblem(t('portal.rangeInvalid'));
      return;
    }
    setRangeProblem(undefined);
    setShown(GIFTS_PAGE);
    setRange(draft);
  }

  return (
    <section className="portal-giving portal-statement" aria-labelledby="portal-giving-title">
      <h2 id="portal-giving-title">{t('portal.myGiving')}</h2>
      <p className="portal-print-only">
        {church.name} · {t('portal.statementFor', { name })}
      </p>
      <h3>{thisYear ? t('portal.thisYear', { year }) : t('portal.period', { from: day(range.from), to: day(range.to) })}</h3>
      <form className="portal-range portal-no-print" onSubmit={choose} noValidate aria-label={t('portal.choosePeriod')}>
        <label>
          {t('portal.from')}
          <input type="date" value={draft.from} max={today} onChange={(e) => { setDraft((d) => ({ ...d, from: e.target.value })); }} />
        </label>
        <label>
          {t('portal.to')}
          <input type="date" value={draft.to} max={today} onChange={(e) => { setDraft((d) => ({ ...d, to: e.target.value })); }} />
        </label>
        <button type="submit" className="button button-outline" disabled={statement.isFetching}>
          {t('portal.showStatement')}
        </button>
        {rangeProblem ? <p role="alert" className="field-error">{rangeProblem}</p> : null}
      </form>
      {statement.isPending ? (
        <p role="status">{t('portal.loading')}</p>
      ) : statement.isError ? (
        <p role="alert">
          {statement.error instanceof Error && refusalText(statement.error) !== t('portal.failed') ? refusalText(statement.error) : t('portal.loadFailed')}{' '}
          <button type="button" className="button button-outline" onClick={() => void statement.refetch()}>
            {t('portal.retry')}
          </button>
        </p>
      ) : statement.data.gifts.length === 0 ? (
        <p>{thisYear ? t('portal.noGifts') : t('portal.noGiftsInPeriod')}</p>
      ) : (
        <>
          <dl className="portal-totals">
            {statement.data.by_type.map((row) => (
              <div key={row.giving_type}>
                <dt>{fund(row.giving_type)}</dt>
                <dd>KES {kes(row.total)}</dd>
              </div>
            ))}
            <div className="portal-total">
              <dt>{t('portal.total')}</dt>
              <dd data-testid="portal-year-total">KES {kes(statement.data.total)}</dd>
            </div>
          </dl>
          <h3>{t('portal.gifts')}</h3>
          <p>{t('portal.giftsCount', { count: statement.data.gift_count })}</p>
          <GiftTable className="portal-gifts portal-no-print" gifts={[...statement.data.gifts].reverse().slice(0, shown)} />
          <GiftTable className="portal-gifts portal-print-only" gifts={[...statement.data.gifts].reverse()} />
          <div className="portal-actions portal-no-print">
            {shown < statement.data.gifts.length ? (
              <button type="button" className="button button-outline" onClick={() => { setShown((n) => n + GIFTS_PAGE); }}>
                {t('portal.showMore')}
              </button>
            ) : null}
            <button type="button" className="button button-outline" onClick={() => { window.print(); }}>
              {t('portal.print')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
