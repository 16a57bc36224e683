import { lazy } from 'react';
import { Route, Routes } from '../lib/router';
import { Layout } from '../components/layout/Layout';
import { HomePage } from '../features/home/HomePage';

// Home ships in the first load; every other page is its own chunk, fetched when visited.
const AboutPage = lazy(() => import('../features/about/AboutPage'));
const SermonsPage = lazy(() => import('../features/sermons/SermonsPage'));
const EventsPage = lazy(() => import('../features/events/EventsPage'));
const MinistriesPage = lazy(() => import('../features/ministries/MinistriesPage'));
const DepartmentsPage = lazy(() => import('../features/departments/DepartmentsPage'));
const ContactPage = lazy(() => import('../features/contact/ContactPage'));
const GivingPage = lazy(() => import('../features/giving/GivingPage'));
const SubmissionsPage = lazy(() => import('../features/submissions/SubmissionsPage'));
const AnnouncementsPage = lazy(() => import('../features/announcements/AnnouncementsPage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));

/**
 * The public route table (spec: public-site.md §2). Declarative routes, not the data router:
 * the data router costs ~16 KB gzip more and the pages load their data through React Query.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="sermons" element={<SermonsPage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="ministries" element={<MinistriesPage />} />
        <Route path="departments" element={<DepartmentsPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="giving" element={<GivingPage />} />
        <Route path="submissions" element={<SubmissionsPage />} />
        <Route path="announcements" element={<AnnouncementsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
