import { useState } from 'react';
import { formatDate, formatNumber, t, type MessageKey } from '../../i18n';
import { nairobiToday } from '../../lib/announcements';
import { useStatement } from './api/statement';

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

/** This year's giving by fund and every gift, from the statement the treasurer prints. */
export function MyGiving({ userId, memberId }: { userId: string; memberId: string }) {
  const today = nairobiToday();
  const year = today.slice(0, 4);
  const statement = useStatement(userId, memberId, `${year}-01-01`, today);
  const [shown, setShown] = useState(GIFTS_PAGE);
  return (
    <section className="portal-giving" aria-labelledby="portal-giving-title">
      <h2 id="portal-giving-title">{t('portal.myGiving')}</h2>
      <h3>{t('portal.thisYear', { year })}</h3>
      {statement.isPending ? (
        <p role="status">{t('portal.loading')}</p>
      ) : statement.isError ? (
        <p role="alert">
          {t('portal.loadFailed')}{' '}
          <button type="button" className="button button-outline" onClick={() => void statement.refetch()}>
            {t('portal.retry')}
          </button>
        </p>
      ) : statement.data.gifts.length === 0 ? (
        <p>{t('portal.noGifts')}</p>
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
          <table className="portal-gifts">
            <thead>
              <tr>
                <th scope="col">{t('portal.date')}</th>
                <th scope="col">{t('portal.fund')}</th>
                <th scope="col">{t('portal.amount')}</th>
                <th scope="col">{t('portal.receipt')}</th>
              </tr>
            </thead>
            <tbody>
              {[...statement.data.gifts]
                .reverse()
                .slice(0, shown)
                .map((gift) => (
                  <tr key={gift.id}>
                    <td>{formatDate(new Date(`${gift.giving_date}T12:00:00+03:00`), { day: 'numeric', month: 'short', year: 'numeric' })}</td>
                    <td>{fund(gift.giving_type)}</td>
                    <td>{kes(gift.amount)}</td>
                    <td>{gift.receipt_no ?? ''}</td>
                  </tr>
                ))}
            </tbody>
          </table>
          {shown < statement.data.gifts.length ? (
            <button type="button" className="button button-outline" onClick={() => { setShown((n) => n + GIFTS_PAGE); }}>
              {t('portal.showMore')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
