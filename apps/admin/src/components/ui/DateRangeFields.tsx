import { rangeProblem, rangeTexts } from '../../lib/church-time';
import { TextField } from './TextField';

interface Props {
  from: string;
  to: string;
  /** Every change as typed; the caller asks the server only when `rangeProblem` finds none. */
  onChange: (range: { from: string; to: string }) => void;
}

/**
 * From and To of a list's date filter, with the range's problem shown under the field it is
 * about (a missing last day under To, anything else under From).
 */
export function DateRangeFields({ from, to, onChange }: Props) {
  const problem = rangeProblem(from, to);
  return (
    <>
      <TextField
        label="From"
        type="date"
        value={from}
        max={to || undefined}
        error={problem && problem !== rangeTexts.toRequired ? problem : undefined}
        onChange={(event) => {
          onChange({ from: event.target.value, to });
        }}
      />
      <TextField
        label="To"
        type="date"
        value={to}
        min={from || undefined}
        error={problem === rangeTexts.toRequired ? problem : undefined}
        onChange={(event) => {
          onChange({ from, to: event.target.value });
        }}
      />
    </>
  );
}
