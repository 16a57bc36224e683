/** Header and footer links (spec: public-site.md §2, "Header and footer"). */

export interface NavItem {
  to: string;
  label: string;
}

export const homeLink: NavItem = { to: '/', label: 'Home' };

/** Header links before the Ministries dropdown. */
export const leadingLinks: NavItem[] = [
  homeLink,
  { to: '/about', label: 'About' },
  { to: '/sermons', label: 'Sermons' },
  { to: '/events', label: 'Events' },
];

export const ministriesMenu: NavItem[] = [
  { to: '/ministries', label: 'Ministries' },
  { to: '/departments', label: 'Departments' },
];

/** The dropdown is labelled Departments while on /departments, otherwise Ministries. */
export function ministriesMenuLabel(pathname: string): string {
  return pathname === '/departments' ? 'Departments' : 'Ministries';
}

/** Header links after the dropdown. */
export const trailingLinks: NavItem[] = [
  { to: '/contact', label: 'Contact' },
  { to: '/submissions', label: 'Submissions' },
];

/** The highlighted Give button. */
export const giveLink: NavItem = { to: '/giving', label: 'Give' };

export const footerQuickLinks: NavItem[] = [
  { to: '/about', label: 'About Our Church' },
  { to: '/sermons', label: 'Sermons & Messages' },
  { to: '/events', label: 'Events & Activities' },
  { to: '/ministries', label: 'Our Ministries' },
  { to: '/giving', label: 'Give Online' },
  { to: '/contact', label: 'Contact Us' },
];

export const footerBottomLinks: NavItem[] = [
  { to: '/about', label: 'Privacy Policy' },
  { to: '/about', label: 'Terms of Service' },
  { to: '/contact', label: 'Support' },
  { to: '/giving', label: 'Donate' },
];

export const footerMinistries = ['Youth', "Women's", "Men's", "Children's", 'Music', 'Community Outreach'];
