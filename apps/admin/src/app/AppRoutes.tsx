import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { StatusScreen } from '../components/layout/StatusScreen';
import { screens, type ScreenId } from '../config/navigation';
import { Guard, RequireSignIn } from './RouteGuard';

// Every screen is its own chunk: the first load carries only React, the router, React Query,
// the API client, the session and this table (budget: apps/scripts/first-load-size.mjs).
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const AdminLayout = lazy(() => import('../components/layout/AdminLayout'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const SermonsPage = lazy(() => import('../features/sermons/SermonsPage'));
const EventsPage = lazy(() => import('../features/events/EventsPage'));
const AnnouncementsPage = lazy(() => import('../features/announcements/AnnouncementsPage'));
const LeadersPage = lazy(() => import('../features/leaders/LeadersPage'));
const SiteContentPage = lazy(() => import('../features/site-content/SiteContentPage'));
const MembersPage = lazy(() => import('../features/members/MembersPage'));
const AttendanceListPage = lazy(() => import('../features/attendance/AttendanceListPage'));
const AttendanceFormPage = lazy(() => import('../features/attendance/AttendanceFormPage'));
const PrayerRequestsPage = lazy(() => import('../features/prayer-requests/PrayerRequestsPage'));
const DonationsPage = lazy(() => import('../features/donations/DonationsPage'));
const ReceiptPage = lazy(() => import('../features/donations/ReceiptPage'));
const FinancialDashboardPage = lazy(() => import('../features/financial/FinancialDashboardPage'));
const BudgetPage = lazy(() => import('../features/budget/BudgetPage'));
const StatementsPage = lazy(() => import('../features/statements/StatementsPage'));
const RemittancePage = lazy(() => import('../features/statements/RemittancePage'));
const AdminUsersPage = lazy(() => import('../features/admin-users/AdminUsersPage'));
const ActivityLogsPage = lazy(() => import('../features/activity-logs/ActivityLogsPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const CommunicationPage = lazy(() => import('../features/communication/CommunicationPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));

function guarded(id: ScreenId, page: ReactElement) {
  return <Guard requirement={screens[id].requirement}>{page}</Guard>;
}

/** Back-office routes, relative to the /admin basename (spec: back-office.md §2.1, §6.4). */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="login"
        element={
          <Suspense fallback={<StatusScreen text="Checking authentication..." fullPage />}>
            <LoginPage />
          </Suspense>
        }
      />
      <Route element={<RequireSignIn />}>
        <Route
          element={
            <Suspense fallback={<StatusScreen text="Loading..." fullPage />}>
              <AdminLayout />
            </Suspense>
          }
        >
          <Route index element={<Navigate to="/dashboard" replace />} />
          <Route path="dashboard" element={guarded('dashboard', <DashboardPage />)} />
          <Route path="profile" element={guarded('profile', <ProfilePage />)} />
          <Route path="sermons" element={guarded('sermons', <SermonsPage />)} />
          <Route path="events" element={guarded('events', <EventsPage />)} />
          <Route path="announcements" element={guarded('announcements', <AnnouncementsPage />)} />
          <Route path="leaders" element={guarded('leaders', <LeadersPage />)} />
          <Route path="content" element={guarded('content', <SiteContentPage />)} />
          <Route path="content/:kind" element={guarded('content', <SiteContentPage />)} />
          <Route path="members" element={guarded('members', <MembersPage />)} />
          <Route path="attendance" element={guarded('attendance', <AttendanceListPage />)} />
          {/* /attendance/new and /attendance/{date}: one route, so choosing a date keeps the form's state. */}
          <Route path="attendance/:date" element={guarded('attendance', <AttendanceFormPage />)} />
          <Route path="prayer-requests" element={guarded('prayerRequests', <PrayerRequestsPage />)} />
          <Route path="financial" element={guarded('financial', <FinancialDashboardPage />)} />
          <Route path="financial/statements" element={guarded('statements', <StatementsPage />)} />
          <Route path="financial/remittance" element={guarded('remittance', <RemittancePage />)} />
          <Route path="donations" element={guarded('donations', <DonationsPage />)} />
          <Route path="donations/:id/receipt" element={guarded('donations', <ReceiptPage />)} />
          <Route path="budget" element={guarded('budget', <BudgetPage />)} />
          {/* The hub's views have their own addresses below /communication (its nested routes). */}
          <Route path="communication/*" element={guarded('communication', <CommunicationPage />)} />
          <Route path="admin-users" element={guarded('adminUsers', <AdminUsersPage />)} />
          <Route path="activity-logs" element={guarded('activityLogs', <ActivityLogsPage />)} />
          <Route path="settings" element={guarded('settings', <SettingsPage />)} />
          {/* Tabs and the print view below /reports (its nested routes). */}
          <Route path="reports/*" element={guarded('reports', <ReportsPage />)} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
