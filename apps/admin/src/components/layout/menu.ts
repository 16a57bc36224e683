import { menu, type MenuEntry, type MenuGroup } from '../../config/navigation';
import { canAccess, type AccessUser } from '../../lib/access';

/**
 * §2.4: entries the user may see. A link needs its level and any one of its permissions; a
 * group needs its own level and keeps only the items the user may open (a group with none left
 * is not shown).
 */
export function visibleMenu(user: AccessUser | null, entries: readonly MenuEntry[] = menu): MenuEntry[] {
  const shown: MenuEntry[] = [];
  for (const entry of entries) {
    if (!canAccess(user, entry.requirement)) continue;
    if (entry.kind === 'link') {
      shown.push(entry);
      continue;
    }
    const items = entry.items.filter((item) => canAccess(user, item.requirement));
    if (items.length > 0) shown.push({ ...entry, items });
  }
  return shown;
}

/** Whether `pathname` is `path` or below it (`/attendance/new` is inside `/attendance`). */
export function isPathInside(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** A click on a group's heading: the state it set and the path the user was on. */
export interface GroupToggle {
  open: boolean;
  at: string;
}

/**
 * §2.4: a group expands on click or when the current path lies inside it. A click wins while
 * the user stays on the page where they clicked (so a group can be folded away); arriving on a
 * page inside the group opens it again.
 */
export function isGroupExpanded(group: MenuGroup, pathname: string, toggle?: GroupToggle): boolean {
  const inside = group.items.some((item) => isPathInside(pathname, item.path));
  if (!toggle) return inside;
  if (inside && toggle.at !== pathname) return true;
  return toggle.open;
}
