import { useState } from 'react';
import { LoadError } from '../../components/ui/LoadError';
import { Notice } from '../../components/ui/Notice';
import { PageHeader } from '../../components/ui/PageHeader';
import { SelectField } from '../../components/ui/SelectField';
import { Spinner } from '../../components/ui/Spinner';
import { churchToday } from '../../lib/church-time';
import { toCsv } from '../../lib/csv';
import { downloadText } from '../../lib/download';
import { useChurchIdentity } from '../../lib/settings';
import { useRemittance } from './api/get-remittance';
import { DocumentActions } from './DocumentActions';
import { RemittanceDocument, remittanceTexts } from './RemittanceDocument';
import { reportProblemDetail } from './report-problem';
import {
  defaultRemittanceMonth,
  formatMonth,
  isIsoMonth,
  monthChoices,
  remittanceCsvRows,
  remittanceFileName,
  remittanceYears,
} from './statement-rules';
import '../../components/ui/print.css';
import './statements.css';
import { useAddressParams } from '../../lib/use-address-params';

export const remittancePageTexts = {
  title: remittanceTexts.title,
  description: 'What the church received each month per giving type, and what to forward to the conference.',
  loading: 'Loading the remittance report...',
  failed: 'Could not load the remittance report.',
  exported: (month: string) => `The remittance report for ${month} was saved as a CSV file.`,
};

/**
 * /admin/financial/remittance: the treasurer's monthly report (by default last month's): the
 * counted gifts of the month per giving type, the conference's share from System Settings, what
 * to forward and what is kept; print-ready, and as CSV. The month lives in the address (?month=).
 */
export default function RemittancePage() {
  const [params, setParams] = useAddressParams();
  const today = churchToday();
  const asked = params.get('month');
  const month = isIsoMonth(asked) ? asked : defaultRemittanceMonth(today);
  const [notice, setNotice] = useState<string | null>(null);
  const church = useChurchIdentity();
  const remittance = useRemittance(month);

  const choose = (next: string) => {
    setNotice(null);
    setParams(next === defaultRemittanceMonth(today) ? {} : { month: next });
  };
  const exportCsv = () => {
    if (!remittance.data) return;
    downloadText(remittanceFileName(remittance.data.month), toCsv(remittanceCsvRows(remittance.data)));
    setNotice(remittancePageTexts.exported(formatMonth(remittance.data.month)));
  };
  const years = remittanceYears(today, month).map((year) => ({ value: String(year), label: String(year) }));

  return (
    <div className="content-page remittance-page">
      <title>{`${remittancePageTexts.title} | Back Office`}</title>
      <div className="no-print">
        <PageHeader
          title={remittancePageTexts.title}
          description={remittancePageTexts.description}
          actions={<DocumentActions canPrint={!!remittance.data} canExport={!!remittance.data} onExport={exportCsv} />}
        />
        <form
          className="toolbar month-picker"
          aria-label="Remittance month"
          onSubmit={(event) => {
            event.preventDefault();
          }}
        >
          <SelectField
            label="Month"
            options={monthChoices}
            value={month.slice(5, 7)}
            onChange={(event) => {
              choose(`${month.slice(0, 4)}-${event.target.value}`);
            }}
          />
          <SelectField
            label="Year"
            options={years}
            value={month.slice(0, 4)}
            onChange={(event) => {
              choose(`${event.target.value}-${month.slice(5, 7)}`);
            }}
          />
        </form>
        <Notice text={notice} onDismiss={setNotice} />
      </div>

      {remittance.isPending ? (
        <Spinner label={remittancePageTexts.loading} />
      ) : remittance.isError ? (
        <LoadError text={remittancePageTexts.failed} detail={reportProblemDetail(remittance.error)} onRetry={remittance.refetch} />
      ) : (
        <div className="print-area">
          <RemittanceDocument remittance={remittance.data} church={church.data} today={today} />
        </div>
      )}
    </div>
  );
}
