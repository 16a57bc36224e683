import { useId } from 'react';
import { formatCount } from '../../components/ui/paged-list';
import { formatKes, givingTypeLabel } from '../../lib/giving';
import type { ChurchIdentity } from '../../lib/settings';
import type { Remittance } from './api/answers';
import { ChurchLetterhead } from '../../components/ui/ChurchLetterhead';
import { formatLongDay, formatMonth, formatPeriod, formatPercent, sharesText } from './statement-rules';

export const remittanceTexts = {
  title: 'Monthly Remittance',
  toRemit: 'Total to remit to the conference',
  sharesSource: 'Set in System Settings → Financial.',
  countedOnly: 'Only verified gifts are counted; demo gifts never are.',
};

interface Props {
  remittance: Remittance;
  church: ChurchIdentity | undefined;
  /** The day it is prepared (YYYY-MM-DD, Nairobi). */
  today: string;
}

/**
 * The treasurer's monthly remittance, ready to print: per giving type what was received, the
 * conference's share and what stays with the church, the totals, and the amount to forward.
 */
export function RemittanceDocument({ remittance, church, today }: Props) {
  const month = formatMonth(remittance.month);
  const captionId = useId();
  const gifts = remittance.lines.reduce((sum, line) => sum + line.gift_count, 0);
  return (
    <article className="remittance print-document" aria-label={`${remittanceTexts.title}, ${month}`}>
      <header className="doc-head">
        <ChurchLetterhead church={church} />
        <div className="doc-title">
          <h2>{remittanceTexts.title}</h2>
          <p className="doc-month">{month}</p>
          <p className="doc-period">{formatPeriod(remittance.from, remittance.to)}</p>
          <p className="doc-prepared">{`Prepared ${formatLongDay(today)}`}</p>
        </div>
      </header>

      {/* The table's name stays in view above it; the region can take focus, so the table can be
          scrolled sideways by keyboard on a phone. */}
      <h3 id={captionId} className="doc-caption">{`Giving received in ${month} and the conference’s share`}</h3>
      <div className="doc-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="doc-table remittance-table" aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col">Giving type</th>
              <th scope="col" className="num">
                Gifts
              </th>
              <th scope="col" className="num">
                Total received
              </th>
              <th scope="col" className="num">
                Conference share
              </th>
              <th scope="col" className="num">
                To forward to the conference
              </th>
              <th scope="col" className="num">
                Kept locally
              </th>
            </tr>
          </thead>
          <tbody>
            {remittance.lines.map((line) => (
              <tr key={line.giving_type} data-type={line.giving_type}>
                <th scope="row">{givingTypeLabel(line.giving_type)}</th>
                <td className="num">{formatCount(line.gift_count)}</td>
                <td className="num nowrap">{formatKes(line.total)}</td>
                <td className="num">{formatPercent(line.conference_percent)}</td>
                <td className="num nowrap">{formatKes(line.conference_amount)}</td>
                <td className="num nowrap">{formatKes(line.local_amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="doc-grand-total" data-type="total">
              <th scope="row">Total</th>
              <td className="num">{formatCount(gifts)}</td>
              <td className="num nowrap">{formatKes(remittance.total)}</td>
              <td className="num" aria-label="Not applicable">
                —
              </td>
              <td className="num nowrap">{formatKes(remittance.conference_total)}</td>
              <td className="num nowrap">{formatKes(remittance.local_total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <p className="remit-total">
        <span>{remittanceTexts.toRemit}</span> <strong className="remit-total-amount">{formatKes(remittance.conference_total)}</strong>
      </p>

      <footer className="doc-foot">
        <p className="doc-note remit-shares">
          {`The conference’s share of each giving type: ${sharesText(remittance.lines)}. `}
          <strong>{remittanceTexts.sharesSource}</strong>
        </p>
        <p className="doc-note">{remittanceTexts.countedOnly}</p>
        <div className="doc-signatures" aria-hidden="true">
          <p>Treasurer: ______________________</p>
          <p>Signature: ______________________</p>
          <p>Date: ______________</p>
        </div>
      </footer>
    </article>
  );
}
