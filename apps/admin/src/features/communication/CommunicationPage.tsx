import { Link, NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { PageHeader } from '../../components/ui/PageHeader';
import { BroadcastDetailsView } from './BroadcastDetailsView';
import { CategoryView } from './CategoryView';
import { CATEGORIES } from './communication-rules';
import { HistoryView } from './HistoryView';
import { OverviewView } from './OverviewView';
import { SendMessageView } from './SendMessageView';
import { TemplatesView } from './TemplatesView';
import './communication.css';

const TABS = [
  { to: '/communication', label: 'Overview', end: true },
  ...CATEGORIES.map((category) => ({ to: `/communication/${category.slug}`, label: category.tab, end: false })),
  { to: '/communication/templates', label: 'Templates', end: false },
  { to: '/communication/send', label: 'Send Message', end: false },
  { to: '/communication/history', label: 'History', end: false },
];

/** The Communication Hub (§2.17): tabs with their own URLs below /communication, Send Message and History included. */
export default function CommunicationPage() {
  return (
    <div className="comm-page">
      <PageHeader
        title="Communication Hub"
        description="Requests and messages from the website, replies, messages to members and saved templates."
        actions={
          <Link className="btn btn-primary" to="/communication/send">
            Send Message
          </Link>
        }
      />
      <nav className="comm-tabs" aria-label="Communication Hub sections">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => `comm-tab${isActive ? ' comm-tab-active' : ''}`}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<OverviewView />} />
        {CATEGORIES.map((category) => (
          <Route key={category.id} path={category.slug} element={<CategoryView key={category.id} category={category} />} />
        ))}
        <Route path="templates" element={<TemplatesView />} />
        <Route path="send" element={<SendMessageView />} />
        <Route path="history" element={<HistoryView />} />
        <Route path="history/:id" element={<BroadcastDetailsView />} />
        <Route path="*" element={<Navigate to="/communication" replace />} />
      </Routes>
    </div>
  );
}
