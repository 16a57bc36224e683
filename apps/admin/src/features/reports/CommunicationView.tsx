import { useId } from 'react';
import type { CommunicationReport } from './report-answers';
import { FigureList, ReportTableView } from './ReportParts';
import { communicationContent } from './report-rules';
import { UssdPanel } from './UssdPanel';

/** Communication: channel performance, our own sends, replies, the USSD menu, and an insight from those figures. */
export function CommunicationView({ report }: { report: CommunicationReport }) {
  const content = communicationContent(report);
  const insightId = useId();
  return (
    <>
      {content.tables.map((table) => (
        <ReportTableView key={table.id} table={table} />
      ))}
      <FigureList figures={content.figures} label="Replies" />
      <UssdPanel from={report.from} to={report.to} />
      <section className="rp-panel rp-insights" aria-labelledby={insightId}>
        <h2 id={insightId}>Insight</h2>
        <p data-insight="communication">{content.insight}</p>
      </section>
    </>
  );
}
