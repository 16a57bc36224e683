import { useKanisa } from '@kanisa/client/react';
import { useQuery } from '@tanstack/react-query';
import { searchWords } from '../../../components/ui/paged-list';
import { memberSearchQuery } from '../../../lib/member-search';

export { MEMBER_MATCHES, type MemberMatch as MemberChoice } from '../../../lib/member-search';

/** Any member (a statement is wanted for those who left too); nothing is asked until the search has a word. */
export function useMemberSearch(search: string) {
  const client = useKanisa();
  return useQuery({ ...memberSearchQuery(client, search, false), enabled: searchWords(search).length > 0 });
}
