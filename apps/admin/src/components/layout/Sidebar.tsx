import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { MenuEntry, MenuGroup } from '../../config/navigation';
import { isGroupExpanded, type GroupToggle } from './menu';

interface Props {
  entries: MenuEntry[];
  churchName: string;
  /** Mobile only: whether the drawer is open, and how to close it. */
  open: boolean;
  onClose: () => void;
}

/** §2.4: the menu the user may use, groups that expand, and View Website. */
export function Sidebar({ entries, churchName, open, onClose }: Props) {
  const { pathname } = useLocation();
  const [toggles, setToggles] = useState<Record<string, GroupToggle>>({});

  const toggle = (group: MenuGroup) => {
    const expanded = isGroupExpanded(group, pathname, toggles[group.id]);
    setToggles({ ...toggles, [group.id]: { open: !expanded, at: pathname } });
  };

  return (
    <aside id="admin-sidebar" className={open ? 'sidebar sidebar-open' : 'sidebar'} aria-label="Back office menu">
      <div className="sidebar-brand">
        <span className="sidebar-church">{churchName}</span>
        <span className="sidebar-system">Church Management</span>
        <button type="button" className="sidebar-close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close menu</span>
        </button>
      </div>
      <nav aria-label="Main" className="sidebar-nav">
        <ul>
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <li key={entry.id}>
                <NavLink to={entry.path} className="sidebar-link">
                  {entry.label}
                </NavLink>
              </li>
            ) : (
              <li key={entry.id}>
                <SidebarGroup group={entry} expanded={isGroupExpanded(entry, pathname, toggles[entry.id])} onToggle={toggle} />
              </li>
            ),
          )}
        </ul>
      </nav>
      <a className="sidebar-website" href="/" target="_blank" rel="noopener noreferrer">
        View Website<span className="visually-hidden"> (opens in a new tab)</span>
        <span aria-hidden="true"> ↗</span>
      </a>
    </aside>
  );
}

function SidebarGroup({ group, expanded, onToggle }: { group: MenuGroup; expanded: boolean; onToggle: (g: MenuGroup) => void }) {
  const listId = `menu-group-${group.id}`;
  return (
    <>
      <button
        type="button"
        className="sidebar-group"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => { onToggle(group); }}
      >
        {group.label}
        <span className="sidebar-chevron" aria-hidden="true" />
      </button>
      <ul id={listId} className="sidebar-sub" hidden={!expanded}>
        {group.items.map((item) => (
          <li key={item.id}>
            {/* `end` where a sibling lives below this path (Financial's Statements and Remittance). */}
            <NavLink
              to={item.path}
              end={group.items.some((other) => other.path.startsWith(`${item.path}/`))}
              className="sidebar-link"
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}
