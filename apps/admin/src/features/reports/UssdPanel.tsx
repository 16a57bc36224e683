import { KanisaError } from '@kanisa/client';
import { useId } from 'react';
import { formatKesWhole } from '../../lib/giving';
import { useUssdReport } from './api/ussd-report';
import { FigureList } from './ReportParts';
import type { Figure } from './report-rules';

const count = new Intl.NumberFormat('en-KE');

/** The USSD menu's figures for the report's period (issue 47): sessions, completed, gifts, prayer requests. */
export function UssdPanel({ from, to }: { from: string; to: string }) {
  const report = useUssdReport(from, to);
  const headingId = useId();
  // The figures need view_financial_reports or view_member_reports: without them, no panel.
  if (report.error instanceof KanisaError && report.error.status === 403) return null;
  return (
    <section className="rp-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>USSD menu</h2>
      {report.isPending ? (
        <p role="status">Loading the USSD figures…</p>
      ) : report.isError ? (
        <p role="alert">Could not load the USSD figures. Please try again.</p>
      ) : (
        <FigureList
          label="USSD menu"
          figures={((): Figure[] => {
            const r = report.data;
            return [
              { id: 'ussd-sessions', label: 'Sessions', text: count.format(r.sessions), csv: String(r.sessions) },
              { id: 'ussd-completed', label: 'Completed', text: count.format(r.completed), csv: String(r.completed), note: 'Gave, filed a request or ended at a final screen' },
              { id: 'ussd-gifts', label: 'Gifts paid', text: count.format(r.gifts), csv: String(r.gifts), note: formatKesWhole(r.gift_total) },
              { id: 'ussd-prayers', label: 'Prayer requests', text: count.format(r.prayer_requests), csv: String(r.prayer_requests) },
            ];
          })()}
        />
      )}
    </section>
  );
}
