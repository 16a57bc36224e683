import { useState } from 'react';
import { TextField } from '../../components/ui/TextField';
import { rangeProblem } from '../../lib/church-time';
import type { DayRange } from './statement-rules';

interface Props {
  range: DayRange;
  onApply: (range: DayRange) => void;
}

/** The statements' period: two dates applied together (so half-typed dates ask nothing of the server). */
export function PeriodForm({ range, onApply }: Props) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  return (
    <form
      className="toolbar period-form no-print"
      aria-label="Statement period"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = rangeProblem(from, to);
        setProblem(found);
        if (!found) onApply({ from, to });
      }}
    >
      <TextField
        label="From"
        type="date"
        value={from}
        required
        error={problem}
        onChange={(event) => {
          setFrom(event.target.value);
        }}
      />
      <TextField
        label="To"
        type="date"
        value={to}
        required
        onChange={(event) => {
          setTo(event.target.value);
        }}
      />
      <button type="submit" className="btn btn-secondary period-apply">
        Show
      </button>
    </form>
  );
}
