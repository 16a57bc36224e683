import { Fragment } from 'react';
import { formatDay } from '../../components/ui/form-values';
import { formatCount } from '../../components/ui/paged-list';
import { formatKes, giftsText, givingTypeLabel, paymentMethodLabel } from '../../lib/giving';
import type { ChurchIdentity } from '../../lib/settings';
import type { GivingStatement } from './api/answers';
import { ChurchLetterhead } from '../../components/ui/ChurchLetterhead';
import { correctionNote, formatLongDay, formatPeriod, memberName, orderedTypeTotals } from './statement-rules';

export const statementTexts = {
  title: 'Giving Statement',
  noGifts: 'No verified gifts were recorded for this member in this period.',
  thanks:
    'Thank you for your faithful giving. “Each of you should give what you have decided in your heart to give, not reluctantly or under compulsion, for God loves a cheerful giver.” (2 Corinthians 9:7)',
  verifiedOnly: 'This statement lists the gifts the church treasury has verified.',
};

interface Props {
  statement: GivingStatement;
  church: ChurchIdentity | undefined;
  /** The day it is prepared (YYYY-MM-DD, Nairobi). */
  today: string;
}

/**
 * One member's giving statement, ready to print on its own page: the church's letterhead, the
 * member, the period, every counted gift with its receipt number, the totals by type and the
 * grand total, and a word of thanks.
 */
export function GivingStatementDocument({ statement, church, today }: Props) {
  const name = memberName(statement.member);
  const period = formatPeriod(statement.from, statement.to);
  const totals = orderedTypeTotals(statement);
  return (
    <article className="statement print-document" aria-label={`Giving statement of ${name}`} data-member-id={statement.member.id}>
      <header className="doc-head">
        <ChurchLetterhead church={church} />
        <div className="doc-title">
          <h2>{statementTexts.title}</h2>
          <p className="doc-period">{period}</p>
        </div>
      </header>

      <dl className="doc-facts">
        <div>
          <dt>Member</dt>
          <dd className="statement-member-name">{name}</dd>
        </div>
        <div>
          <dt>Membership No.</dt>
          <dd>{statement.member.membership_number ?? '—'}</dd>
        </div>
        {statement.member.address ? (
          <div>
            <dt>Address</dt>
            <dd>{statement.member.address}</dd>
          </div>
        ) : null}
        <div>
          <dt>Period</dt>
          <dd>{period}</dd>
        </div>
        <div>
          <dt>Prepared</dt>
          <dd>{formatLongDay(today)}</dd>
        </div>
      </dl>

      <p className="statement-summary">
        <span className="statement-gift-count">{giftsText(statement.gift_count)}</span>
        {', total '}
        <strong className="statement-total">{formatKes(statement.total)}</strong>
      </p>

      {statement.gifts.length === 0 ? (
        <p className="doc-empty">{statementTexts.noGifts}</p>
      ) : (
        // A region that can take focus, so the table can be scrolled sideways by keyboard on a phone.
        <div className="doc-table-wrap" role="region" aria-label={`Gifts of ${name}`} tabIndex={0}>
          <table className="doc-table statement-gifts">
            <caption className="sr-only">{`Gifts of ${name}, ${period}`}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Receipt No.</th>
                <th scope="col">Type</th>
                <th scope="col">Method</th>
                <th scope="col">Reference</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.gifts.map((gift) => {
                const note = correctionNote(gift);
                return (
                  <Fragment key={gift.id}>
                    <tr className={note ? 'statement-corrected' : undefined}>
                      <td className="nowrap">{formatDay(gift.giving_date)}</td>
                      <td className="nowrap receipt-no">{gift.receipt_no ?? '—'}</td>
                      <td>{givingTypeLabel(gift.giving_type)}</td>
                      <td>{paymentMethodLabel(gift.payment_method)}</td>
                      <td className="doc-reference">{gift.transaction_id ?? '—'}</td>
                      <td className="num nowrap">{formatKes(gift.amount)}</td>
                    </tr>
                    {note ? (
                      // The correction of the gift above (issue 31): who it belongs to was changed, and why.
                      <tr className="statement-correction">
                        <td colSpan={6}>{note}</td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <div className="doc-table-wrap doc-totals">
        <table className="doc-table statement-totals">
          <caption className="doc-caption">Totals by type</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col" className="num">
                Gifts
              </th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.map((line) => (
              <tr key={line.giving_type}>
                <th scope="row">{givingTypeLabel(line.giving_type)}</th>
                <td className="num">{formatCount(line.gift_count)}</td>
                <td className="num nowrap">{formatKes(line.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="doc-grand-total">
              <th scope="row">Total</th>
              <td className="num">{formatCount(statement.gift_count)}</td>
              <td className="num nowrap">{formatKes(statement.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <footer className="doc-foot">
        <p className="doc-thanks">{statementTexts.thanks}</p>
        <p className="doc-note">{statementTexts.verifiedOnly}</p>
      </footer>
    </article>
  );
}
