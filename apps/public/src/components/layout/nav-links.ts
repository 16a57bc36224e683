/**
 * Header and footer links (spec: public-site.md §2, "Header and footer"). Each entry holds the
 * catalogue key of its label, not the text: the label is looked up with `t()` when rendered, so
 * it follows the language (issue 22). `to` is the path without the language prefix; `Link`
 * adds it.
 */
import type { MessageKey } from '../../i18n';

export interface NavItem {
  to: string;
  label: MessageKey;
}

export const homeLink: NavItem = { to: '/', label: 'layout.navHome' };

/** Header links before the Ministries dropdown. */
export const leadingLinks: NavItem[] = [
  homeLink,
  { to: '/about', label: 'layout.navAbout' },
  { to: '/sermons', label: 'layout.navSermons' },
  { to: '/events', label: 'layout.navEvents' },
];

export const ministriesMenu: NavItem[] = [
  { to: '/ministries', label: 'layout.navMinistries' },
  { to: '/departments', label: 'layout.navDepartments' },
];

/** The dropdown is labelled Departments while on /departments, otherwise Ministries. */
export function ministriesMenuLabel(pathname: string): MessageKey {
  return pathname === '/departments' ? 'layout.navDepartments' : 'layout.navMinistries';
}

/** Header links after the dropdown. */
export const trailingLinks: NavItem[] = [
  { to: '/contact', label: 'layout.navContact' },
  { to: '/submissions', label: 'layout.navSubmissions' },
];

/** The highlighted Give button. */
export const giveLink: NavItem = { to: '/giving', label: 'layout.navGive' };

export const footerQuickLinks: NavItem[] = [
  { to: '/about', label: 'layout.quickAbout' },
  { to: '/sermons', label: 'layout.quickSermons' },
  { to: '/events', label: 'layout.quickEvents' },
  { to: '/ministries', label: 'layout.ourMinistries' },
  { to: '/giving', label: 'layout.quickGive' },
  { to: '/contact', label: 'layout.quickContact' },
];

export const footerBottomLinks: NavItem[] = [
  { to: '/about', label: 'layout.privacyPolicy' },
  { to: '/about', label: 'layout.termsOfService' },
  { to: '/contact', label: 'layout.support' },
  { to: '/giving', label: 'layout.donate' },
];

export const footerMinistries: MessageKey[] = [
  'layout.ministryYouth',
  'layout.ministryWomen',
  'layout.ministryMen',
  'layout.ministryChildren',
  'layout.ministryMusic',
  'layout.ministryOutreach',
];
