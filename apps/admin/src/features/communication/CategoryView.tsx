import { useState } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Badge } from '../../components/ui/Badge';
import { errorDetail, errorMessage } from '../../components/ui/error-detail';
import { LoadError } from '../../components/ui/LoadError';
import { Notice } from '../../components/ui/Notice';
import { keyedView } from '../../components/ui/PagedTable';
import { Pager } from '../../components/ui/Pager';
import { usePagedList } from '../../components/ui/use-paged-list';
import { SelectField } from '../../components/ui/SelectField';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { messageSortKey, PAGE_SIZE, useCategoryMessages, useCompleteMessage, type Message, type MessageFilters } from './api/communication-api';
import { useArrivals } from '../../lib/live';
import { MessageCard } from './MessageCard';
import { MessageDetailsModal } from './MessageDetailsModal';
import { ReplyModal } from './ReplyModal';
import { STATUS_LABELS, type Category } from './communication-rules';

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))];

const NO_FILTERS: MessageFilters = { status: '', department: '', recipient: '' };

/**
 * One category's cards (§2.17) with the message filters, View Details, Respond and Mark
 * Complete; a page at a time, deep pages read by key (Next after the last card's time).
 */
export function CategoryView({ category }: { category: Category }) {
  const arrivals = useArrivals('messages');
  // A new filter starts again on its first page.
  const paging = usePagedList<MessageFilters>(NO_FILTERS, PAGE_SIZE);
  const filters = paging.filters;
  const setFilters = (next: MessageFilters) => {
    paging.setFilters(next);
  };
  const list = useCategoryMessages(category.id, paging.params);
  paging.settle(list.data);
  const complete = useCompleteMessage();
  const [viewing, setViewing] = useState<Message | null>(null);
  const [replying, setReplying] = useState<Message | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const markComplete = (message: Message) => {
    setFailure(null);
    setNotice(null);
    complete.mutate(message.id, {
      onSuccess: () => {
        setNotice(`'${message.subject}' marked as complete`);
        setViewing(null);
      },
      onError: (error) => { setFailure(`Could not mark the message as complete: ${errorMessage(error)}`); },
    });
  };

  const keyed = keyedView(paging, list.data ?? { rows: [], total: 0 }, messageSortKey);
  const total = keyed.total;
  return (
    <section className="comm-category" aria-labelledby="comm-category-title">
      <h2 id="comm-category-title" className="comm-section-title">
        {category.tab} <Badge tone="info">{list.data ? total.toLocaleString('en-KE') : '…'}</Badge>
      </h2>
      <form className="comm-filters" aria-label="Message filters" onSubmit={(event) => { event.preventDefault(); }}>
        <SelectField label="Status" value={filters.status} options={STATUS_OPTIONS} onChange={(event) => { setFilters({ ...filters, status: event.target.value }); }} />
        <TextField label="Department" value={filters.department} onChange={(event) => { setFilters({ ...filters, department: event.target.value }); }} />
        <TextField label="Recipient" value={filters.recipient} onChange={(event) => { setFilters({ ...filters, recipient: event.target.value }); }} />
      </form>
      {notice ? <Notice text={notice} onDismiss={() => { setNotice(null); }} /> : null}
      {failure ? <Alert onDismiss={() => { setFailure(null); }}>{failure}</Alert> : null}
      {list.isError ? (
        <LoadError text="Could not load the messages." detail={errorDetail(list.error)} onRetry={() => list.refetch()} />
      ) : !list.data ? (
        <Spinner />
      ) : list.data.rows.length === 0 ? (
        <p className="comm-empty">{category.empty}</p>
      ) : (
        <>
          <div className="comm-cards">
            {list.data.rows.map((message) => (
              <MessageCard
                key={message.id}
                message={message}
                busy={complete.isPending && complete.variables === message.id}
                fresh={arrivals.has(message.id)}
                onView={() => { setViewing(message); }}
                onRespond={() => { setReplying(message); }}
                onComplete={() => { markComplete(message); }}
              />
            ))}
          </div>
          <Pager
            page={paging.page}
            size={PAGE_SIZE}
            total={total}
            onPage={paging.setPage}
            label={`${category.tab} pages`}
            busy={list.isFetching}
            keyed={keyed.moves}
          />
        </>
      )}
      {viewing ? (
        <MessageDetailsModal
          message={viewing}
          completing={complete.isPending}
          onComplete={() => { markComplete(viewing); }}
          onRespond={() => {
            setReplying(viewing);
            setViewing(null);
          }}
          onClose={() => { setViewing(null); }}
        />
      ) : null}
      {replying ? (
        <ReplyModal
          message={replying}
          onDone={(text) => {
            setReplying(null);
            setNotice(text);
          }}
          onClose={() => { setReplying(null); }}
        />
      ) : null}
    </section>
  );
}
