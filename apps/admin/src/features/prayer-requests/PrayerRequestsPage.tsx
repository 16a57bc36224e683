import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { errorDetail } from '../../components/ui/error-detail';
import { LoadError } from '../../components/ui/LoadError';
import { PageHeader } from '../../components/ui/PageHeader';
import { SelectField } from '../../components/ui/SelectField';
import { Spinner } from '../../components/ui/Spinner';
import { useAuth } from '../../lib/auth/auth-context';
import { usePrayerRequests } from './api/get-prayer-requests';
import { useAssignPrayerRequest, useSetPrayerStatus } from './api/update-prayer-request';
import { RangePager, pageCount, rangeText } from '../../components/ui/RangePager';
import { useArrivals } from '../../lib/live';
import { PrayerRequestCard } from './PrayerRequestCard';
import { PrayerRequestModal } from './PrayerRequestModal';
import {
  PAGE_SIZE,
  PRAYER_TEAM_PERMISSION,
  parseStatusFilter,
  prayerTexts,
  statusFilterOptions,
  statusLabels,
  statusNotice,
  type PrayerRequest,
  type PrayerStatus,
  type StatusFilter,
} from './prayer-rules';
import './prayer-requests.css';
import { useAddressParams } from '../../lib/use-address-params';

function pageFrom(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isNaN(page) || page < 1 ? 1 : page;
}

/** Where a change was made from: its notice and failure show there. */
type Origin = 'card' | 'modal';

/**
 * /admin/prayer-requests (§2.10): the requests newest first, filtered by status and paged on the
 * server with the true total; Assign to Me, Mark Answered and Close on the cards, the full
 * request with its three status buttons in a dialog. Which requests are listed, and who may
 * change them, is the server's decision (manage_prayer_requests, policies/prayer_requests.sql):
 * private ones only for the pastor and the prayer team (view_private_prayer_requests), and the
 * page says so to everyone else, so the total is not mistaken for the church's.
 */
export default function PrayerRequestsPage() {
  const { user, profile, access } = useAuth();
  const arrivals = useArrivals('prayer_requests');
  const outsideTeam = access !== null && !access.permissions.includes(PRAYER_TEAM_PERMISSION);
  const [params, setParams] = useAddressParams();
  const status = parseStatusFilter(params.get('status'));
  const page = pageFrom(params);
  const list = usePrayerRequests(status, page);
  const setStatus = useSetPrayerStatus();
  const assign = useAssignPrayerRequest();

  // The dialog keeps its own copy, so it stays open (and current) when the filter no longer lists the request.
  const [selected, setSelected] = useState<PrayerRequest | null>(null);
  const [feedback, setFeedback] = useState<{ origin: Origin; tone: 'success' | 'error'; text: string } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const show = (next: { status?: StatusFilter; page?: number }) => {
    const query: Record<string, string> = {};
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    if (nextStatus !== 'all') query.status = nextStatus;
    if (nextPage > 1) query.page = String(nextPage);
    setFeedback(null);
    setParams(query);
  };

  const changed = (request: PrayerRequest, origin: Origin, patch: Partial<PrayerRequest>) => {
    const next = { ...request, ...patch };
    setBusyId(null);
    setFeedback({ origin, tone: 'success', text: statusNotice(request.title, next.status) });
    setSelected((open) => (open?.id === request.id ? next : open));
  };
  const failed = (origin: Origin, text: string, log: string) => (error: unknown) => {
    console.error(log, error);
    setBusyId(null);
    const detail = errorDetail(error);
    setFeedback({ origin, tone: 'error', text: detail ? `${text} ${detail}` : text });
  };

  const changeStatus = (request: PrayerRequest, next: PrayerStatus, origin: Origin) => {
    setFeedback(null);
    setBusyId(request.id);
    setStatus.mutate(
      { id: request.id, status: next },
      {
        onSuccess: () => {
          changed(request, origin, { status: next });
        },
        onError: failed(origin, prayerTexts.statusError, 'Updating the prayer request status failed'),
      },
    );
  };

  const assignToMe = (request: PrayerRequest) => {
    if (!user) return;
    setFeedback(null);
    setBusyId(request.id);
    assign.mutate(
      { id: request.id, userId: user.id },
      {
        onSuccess: () => {
          const metadataName = user.user_metadata.full_name;
          const fullName = profile?.full_name ?? (typeof metadataName === 'string' ? metadataName : null);
          changed(request, 'card', {
            status: 'in_progress',
            assigned_to: user.id,
            assigned_user: { full_name: fullName ?? user.email ?? null },
          });
        },
        onError: failed('card', prayerTexts.assignError, 'Assigning the prayer request failed'),
      },
    );
  };

  const data = list.data;
  const cardFeedback = feedback?.origin === 'card' ? feedback : null;
  const modalFeedback = feedback?.origin === 'modal' ? feedback : null;
  const filterWord = status === 'all' ? '' : `${statusLabels[status].toLowerCase()} `;

  return (
    <div className="content-page prayer-page">
      <title>Prayer Requests | Back Office</title>
      <PageHeader title="Prayer Requests" description="Requests from the website and from members: take one up, pray, and mark it answered or closed." />
      {outsideTeam ? <p className="prayer-private-note">{prayerTexts.privateHidden}</p> : null}

      <div className="toolbar" role="search" aria-label="Filter prayer requests">
        <SelectField
          label="Status"
          options={statusFilterOptions}
          value={status}
          onChange={(event) => {
            show({ status: parseStatusFilter(event.target.value) });
          }}
        />
      </div>

      {cardFeedback ? (
        <Alert
          tone={cardFeedback.tone}
          onDismiss={() => {
            setFeedback(null);
          }}
        >
          {cardFeedback.text}
        </Alert>
      ) : null}

      {list.isPending ? (
        <Spinner label="Loading prayer requests..." />
      ) : list.isError ? (
        <LoadError text="Could not load the prayer requests." detail={errorDetail(list.error)} onRetry={list.refetch} />
      ) : data?.total === 0 ? (
        <div className="empty-state">
          <p>{`No ${filterWord}prayer requests`}</p>
        </div>
      ) : data && page > pageCount(data.total, PAGE_SIZE) ? (
        <div className="empty-state">
          <p>{`There is no page ${String(page)}.`}</p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              show({ page: 1 });
            }}
          >
            Back to the first page
          </button>
        </div>
      ) : data ? (
        <>
          <p className="result-count" aria-live="polite">
            {rangeText(page, PAGE_SIZE, data.total, `${filterWord}prayer requests`)}
          </p>
          <div className="prayer-grid">
            {data.rows.map((request) => (
              <PrayerRequestCard
                key={request.id}
                request={request}
                busy={busyId === request.id}
                fresh={arrivals.has(request.id)}
                canAssign={user !== null}
                onView={() => {
                  setFeedback(null);
                  setSelected(request);
                }}
                onAssign={() => {
                  assignToMe(request);
                }}
                onStatus={(next) => {
                  changeStatus(request, next, 'card');
                }}
              />
            ))}
          </div>
          <RangePager
            page={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            noun={`${filterWord}prayer requests`}
            showStatus={false}
            busy={list.isPlaceholderData}
            onPage={(next) => {
              show({ page: next });
            }}
          />
        </>
      ) : null}

      {selected ? (
        <PrayerRequestModal
          request={selected}
          busy={busyId === selected.id}
          notice={modalFeedback?.tone === 'success' ? modalFeedback.text : null}
          problem={modalFeedback?.tone === 'error' ? modalFeedback.text : null}
          onStatus={(next) => {
            changeStatus(selected, next, 'modal');
          }}
          onClose={() => {
            setSelected(null);
            if (feedback?.origin === 'modal') setFeedback(null);
          }}
        />
      ) : null}
    </div>
  );
}
