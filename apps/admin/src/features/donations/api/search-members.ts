import { useQuery } from '@tanstack/react-query';
import { kanisa } from '../../../lib/kanisa';
import { memberSearchQuery } from '../../../lib/member-search';

export { MEMBER_MATCHES as PICKER_LIMIT } from '../../../lib/member-search';

/** §7.3: active members by last name for the donation member picker, the first 20 matching `search`. */
export function useMemberSearch(search: string, enabled: boolean) {
  return useQuery({ ...memberSearchQuery(kanisa, search, true), enabled, select: (matches) => matches.members });
}
