import { useSearchParams } from 'react-router-dom';
import type { ReportPeriod } from './report-answers';
import { periodFrom, periodOptions } from './report-rules';

/** The period of the address (`?period=`), and a way to choose another that keeps the tab. */
export function usePeriod(): [ReportPeriod, (next: ReportPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const period = periodFrom(params.get('period'));
  return [
    period,
    (next) => {
      setParams({ period: next });
    },
  ];
}

/** §2.18: This Week, This Month, This Quarter, This Year. */
export function PeriodSelector({ period, onChange }: { period: ReportPeriod; onChange: (next: ReportPeriod) => void }) {
  return (
    <div className="rp-period" role="group" aria-label="Period">
      {periodOptions.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`btn btn-small ${option.value === period ? 'btn-primary' : 'btn-secondary'}`}
          aria-pressed={option.value === period}
          onClick={() => {
            onChange(option.value);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

