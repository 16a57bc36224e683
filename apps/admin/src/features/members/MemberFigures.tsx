import { FigureCard } from '../../components/ui/FigureCard';
import { formatCount } from '../../components/ui/paged-list';
import {
  inactiveMembers,
  memberFigureIds,
  memberFigureLabel,
  memberFigureOrder,
  type MemberFigure,
} from '../../lib/member-figures';
import { useActiveMemberCount, useRegisterCount } from './api/member-figures';

/** What each figure counts, in the list's own words (its Status column). */
const notes: Readonly<Record<MemberFigure, string>> = {
  all: 'Active and inactive together',
  active: 'Status “Active” in the list',
  inactive: 'Status “Inactive” in the list',
};

/**
 * The register in three figures, in the words of the Dashboard and Reports (issue 41): all
 * members on the register, the active ones and the inactive ones. The list's own count line
 * ("17 members", "3 members found") counts what the list shows; these never follow the search.
 */
export function MemberFigures() {
  const all = useRegisterCount();
  const active = useActiveMemberCount();
  const failed = all.error ?? active.error;
  if (failed) {
    return (
      <p className="member-figures-error" role="status">
        Could not count the members.{' '}
        <button
          type="button"
          className="btn-link"
          onClick={() => {
            void all.refetch();
            void active.refetch();
          }}
        >
          Try again
        </button>
      </p>
    );
  }
  const settled = !all.isPending && !active.isPending;
  const values: Record<MemberFigure, number> = {
    all: all.data ?? 0,
    active: active.data ?? 0,
    inactive: inactiveMembers(all.data ?? 0, active.data ?? 0),
  };
  return (
    <dl className="member-figures" aria-label="The register" aria-busy={!settled}>
      {memberFigureOrder.map((figure) => (
        <FigureCard
          key={figure}
          className="member-figure"
          id={memberFigureIds[figure]}
          label={memberFigureLabel(figure)}
          note={notes[figure]}
        >
          {settled ? formatCount(values[figure]) : <span className="member-figure-loading">…</span>}
        </FigureCard>
      ))}
    </dl>
  );
}
