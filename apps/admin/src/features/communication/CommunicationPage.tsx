import { Link, NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { Badge } from '../../components/ui/Badge';
import { PageHeader } from '../../components/ui/PageHeader';
import { useCategoryTotals } from './api/communication-api';
import { BroadcastDetailsView } from './BroadcastDetailsView';
import { CategoryView } from './CategoryView';
import { CATEGORIES, type CategoryId } from './communication-rules';
import { HistoryView } from './HistoryView';
import { OverviewView } from './OverviewView';
import { SendMessageView } from './SendMessageView';
import { TemplatesView } from './TemplatesView';
import './communication.css';

const TABS: { to: string; label: string; end: boolean; category?: CategoryId }[] = [
  { to: '/communication', label: 'Overview', end: true },
  ...CATEGORIES.map((category) => ({ to: `/communication/${category.slug}`, label: category.tab, end: false, category: category.id })),
  { to: '/communication/templates', label: 'Templates', end: false },
  { to: '/communication/send', label: 'Send Message', end: false },
  { to: '/communication/history', label: 'History', end: false },
];

/** A count in words: '1,250 messages', '1 message'. */
const messagesText = (count: number) => `${count.toLocaleString('en-KE')} ${count === 1 ? 'message' : 'messages'}`;

/** A category tab's count badge: how many messages the tab lists (shown once the server has counted). */
function TabCount({ count }: { count: number }) {
  return (
    <span className="comm-tab-count" title={`${messagesText(count)} in all`} aria-hidden="true">
      <Badge tone="info">{count.toLocaleString('en-KE')}</Badge>
    </span>
  );
}

/** The Communication Hub (§2.17): tabs with their own URLs below /communication, Send Message and History included. */
export default function CommunicationPage() {
  const totals = useCategoryTotals();
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
        {TABS.map((tab) => {
          const count = tab.category ? totals.data?.[tab.category] : undefined;
          return (
            <NavLink
              key={tab.to}
              to={tab.to}
              end={tab.end}
              className={({ isActive }) => `comm-tab${isActive ? ' comm-tab-active' : ''}`}
              aria-label={count === undefined ? undefined : `${tab.label}, ${messagesText(count)}`}
            >
              {tab.label}
              {count === undefined ? null : <TabCount count={count} />}
            </NavLink>
          );
        })}
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
