import { useId } from 'react';
import { Badge } from '../../components/ui/Badge';
import { formatKsh } from '../../lib/giving';
import { categoryLabel, remainingText, utilisation, utilisationLabels, type BudgetLine } from './budget-rules';

interface Props {
  line: BudgetLine;
  onEdit: (line: BudgetLine) => void;
}

/**
 * One budget line (§2.13, §9): allocated, spent (approved expenses), remaining, pending approval,
 * and the utilisation bar — the rounded percentage, the bar capped at 100 %, marked when the line
 * is used up exactly and, differently, when it is over budget.
 */
export function BudgetLineCard({ line, onEdit }: Props) {
  const headingId = useId();
  const label = categoryLabel(line.category);
  const use = utilisation(line.spent, line.allocated);
  return (
    <article className={`budget-line budget-line-${use.state}`} data-state={use.state} data-category={line.category} aria-labelledby={headingId}>
      <header className="budget-line-head">
        <h3 id={headingId}>{label}</h3>
        {use.state === 'under' ? null : <Badge tone={use.state === 'over' ? 'danger' : 'warning'}>{utilisationLabels[use.state]}</Badge>}
      </header>
      {line.description ? <p className="budget-line-description">{line.description}</p> : null}
      <div className="budget-util">
        <div className="budget-util-bar" aria-hidden="true">
          <span className="budget-util-fill" style={{ width: `${String(use.bar)}%` }} />
        </div>
        <p className="budget-util-text">
          <span className="budget-util-percent">{use.percent}%</span> used
        </p>
      </div>
      <dl className="budget-line-figures">
        <div>
          <dt>Allocated</dt>
          <dd data-figure="allocated">{formatKsh(line.allocated)}</dd>
        </div>
        <div>
          <dt>Spent</dt>
          <dd data-figure="spent">{formatKsh(line.spent)}</dd>
        </div>
        <div>
          <dt>Remaining</dt>
          <dd data-figure="remaining" className={use.remaining < 0 ? 'budget-negative' : undefined}>
            {remainingText(use.remaining)}
          </dd>
        </div>
        <div>
          <dt>Pending approval</dt>
          <dd data-figure="pending">{formatKsh(line.pending)}</dd>
        </div>
      </dl>
      <div className="budget-line-actions">
        <button
          type="button"
          className="btn btn-small btn-edit"
          aria-label={`Edit the ${label} budget`}
          onClick={() => {
            onEdit(line);
          }}
        >
          Edit
        </button>
      </div>
    </article>
  );
}
