/**
 * The public site's pages (spec: public-site.md §2), in one place: the router renders them
 * (`AppRoutes.tsx`) and the build writes them, with their titles and descriptions in every
 * language, to `dist/routes.json` (`routes-plugin.ts`), from which the server gives each page
 * its `<head>` and preloads its chunks (crates/kanisa-server/src/seo.rs). A new page is one entry
 * here plus its texts in the catalogues.
 *
 * Plain data (no React, no browser API): the build's config imports this file too. Module paths
 * are relative to `src/`; a page module default-exports its component and is named
 * `features/<area>/<Name>Page.tsx`, which the router finds with `import.meta.glob`.
 */
import type { MessageKey } from '../i18n/en';
import type { MetaKey } from '../i18n/en/meta';

export interface PageEntry {
  /** The page component's module ('features/events/EventsPage.tsx'). */
  page: string;
  /** The page's part of the document title (catalogue key); `null`: the church's name alone. */
  title: MessageKey | null;
  /** For search engines and link previews (`i18n/en/meta.ts`). */
  description: MetaKey;
}

export interface PublicRoute extends PageEntry {
  /** The app path, without the language prefix ('/events'; Home is '/'). */
  path: string;
  /**
   * The page ships in the first load (Home): not a chunk of its own. Every other page is
   * fetched when it is visited.
   */
  firstLoad?: true;
  /** Other lazily loaded modules the page shows at once (Home's sections below the hero). */
  shows?: readonly string[];
}

export const publicRoutes: readonly PublicRoute[] = [
  {
    path: '/',
    page: 'features/home/HomePage.tsx',
    firstLoad: true,
    shows: ['features/home/HomeSections.tsx'],
    title: null,
    description: 'meta.homeDescription',
  },
  { path: '/about', page: 'features/about/AboutPage.tsx', title: 'about.title', description: 'meta.aboutDescription' },
  { path: '/sermons', page: 'features/sermons/SermonsPage.tsx', title: 'sermons.title', description: 'meta.sermonsDescription' },
  { path: '/events', page: 'features/events/EventsPage.tsx', title: 'events.title', description: 'meta.eventsDescription' },
  {
    path: '/ministries',
    page: 'features/ministries/MinistriesPage.tsx',
    title: 'ministries.title',
    description: 'meta.ministriesDescription',
  },
  {
    path: '/departments',
    page: 'features/departments/DepartmentsPage.tsx',
    title: 'ministries.departmentsTitle',
    description: 'meta.departmentsDescription',
  },
  { path: '/contact', page: 'features/contact/ContactPage.tsx', title: 'contact.title', description: 'meta.contactDescription' },
  // Shared links name the page by what it offers ("Give Online"), the page's heading is "Giving".
  { path: '/giving', page: 'features/giving/GivingPage.tsx', title: 'giving.giveOnline', description: 'meta.givingDescription' },
  {
    path: '/submissions',
    page: 'features/submissions/SubmissionsPage.tsx',
    title: 'submissions.pageTitle',
    description: 'meta.submissionsDescription',
  },
  // The member portal (issue 46): phone sign-in and the member's own giving.
  { path: '/me', page: 'features/portal/PortalPage.tsx', title: 'portal.title', description: 'meta.portalDescription' },
  {
    path: '/announcements',
    page: 'features/announcements/AnnouncementsPage.tsx',
    title: 'announcements.title',
    description: 'meta.announcementsDescription',
  },
];

/** What any other path shows (the server answers it with a 404). */
export const notFound: PageEntry = {
  page: 'features/not-found/NotFoundPage.tsx',
  title: 'layout.notFoundTitle',
  description: 'meta.notFoundDescription',
};

/** Lazily loaded modules every page shows at once: the footer (`components/layout/Layout.tsx`). */
export const everyPage: readonly string[] = ['components/layout/Footer.tsx'];

/**
 * Modules a language needs before the first render: its catalogue (`i18n/index.ts`; keyed by its
 * `Lang`, which this file does not import: `i18n/index.ts` is browser code).
 */
export const languageModules: Readonly<Record<'en' | 'sw', readonly string[]>> = {
  en: [],
  sw: ['i18n/sw/index.ts'],
};
