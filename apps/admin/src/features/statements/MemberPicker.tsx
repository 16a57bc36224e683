import { errorDetail } from '../../components/ui/error-detail';
import { ListSearch } from '../../components/ui/ListSearch';
import { LoadError } from '../../components/ui/LoadError';
import { formatCount } from '../../components/ui/paged-list';
import { Spinner } from '../../components/ui/Spinner';
import { MEMBER_MATCHES, useMemberSearch, type MemberChoice } from './api/search-members';
import { memberName } from './statement-rules';

export const pickerTexts = {
  label: 'Find a member',
  placeholder: 'Name or membership number',
  hint: 'Type a name or membership number, then choose the member.',
  failed: 'Could not search the members.',
  none: (search: string) => `No member matches “${search}”.`,
  more: (total: number) =>
    `Showing the first ${String(MEMBER_MATCHES)} of ${formatCount(total)} matching members. Type more of the name to narrow the list.`,
};

interface Props {
  search: string;
  onSearch: (search: string) => void;
  /** The member whose statement is shown. */
  chosenId: string | null;
  onChoose: (member: MemberChoice) => void;
}

/**
 * Finds a member on the server (name or membership number, any case; the first 20 matches),
 * never by loading the whole register. Choosing one shows their statement.
 */
export function MemberPicker({ search, onSearch, chosenId, onChoose }: Props) {
  const matches = useMemberSearch(search);
  const data = search.trim() === '' ? undefined : matches.data;
  return (
    <div className="member-picker no-print">
      <ListSearch label={pickerTexts.label} placeholder={pickerTexts.placeholder} value={search} onSearch={onSearch} live regionLabel="Member search" />
      {search.trim() === '' ? (
        <p className="picker-hint">{pickerTexts.hint}</p>
      ) : matches.isError ? (
        <LoadError text={pickerTexts.failed} detail={errorDetail(matches.error)} onRetry={matches.refetch} />
      ) : !data ? (
        <Spinner label="Searching members..." />
      ) : data.members.length === 0 ? (
        <p className="picker-hint" role="status">
          {pickerTexts.none(search)}
        </p>
      ) : (
        <div className={matches.isPlaceholderData ? 'list-busy' : undefined} aria-busy={matches.isPlaceholderData}>
          <ul className="picker-results" aria-label="Matching members">
            {data.members.map((member) => {
              const chosen = member.id === chosenId;
              return (
                <li key={member.id}>
                  <button
                    type="button"
                    className={`picker-choice${chosen ? ' picker-chosen' : ''}`}
                    aria-current={chosen ? 'true' : undefined}
                    onClick={() => {
                      onChoose(member);
                    }}
                  >
                    <span className="cell-title">{memberName(member)}</span>
                    <span className="picker-number">{member.membership_number ?? 'No membership number'}</span>
                    {member.is_active ? null : <span className="picker-inactive">Inactive</span>}
                  </button>
                </li>
              );
            })}
          </ul>
          {data.total > data.members.length ? <p className="picker-hint">{pickerTexts.more(data.total)}</p> : null}
        </div>
      )}
    </div>
  );
}
