import { SegmentedControl } from '../../components/ui/SegmentedControl';
import type { ReportPeriod } from './report-answers';
import { periodFrom, periodOptions } from './report-rules';
import { useAddressParams } from '../../lib/use-address-params';

/** The period of the address (`?period=`), and a way to choose another that keeps the tab. */
export function usePeriod(): [ReportPeriod, (next: ReportPeriod) => void] {
  const [params, setParams] = useAddressParams();
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
  return <SegmentedControl className="rp-period" label="Period" options={periodOptions} value={period} onChange={onChange} />;
}

