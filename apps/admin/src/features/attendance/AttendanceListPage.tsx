import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { DataTable, type Column } from '../../components/ui/DataTable';
import { formatDay } from '../../components/ui/form-values';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { useAttendancePage } from './api/get-attendance-page';
import { useRecentSabbaths } from './api/get-recent-sabbaths';
import { AttendanceChart } from './AttendanceChart';
import { divineTotal, formatCount, PAGE_SIZE, type AttendanceRow } from './attendance-rules';
import { attendanceTexts, problemMessage } from './attendance-texts';
import { RangePager, pageCount } from '../../components/ui/RangePager';
import './attendance.css';
import { useAddressParams } from '../../lib/use-address-params';

/** ?page=N, at least 1. */
function pageFrom(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isNaN(page) || page < 1 ? 1 : page;
}

const columns: Column<AttendanceRow>[] = [
  {
    header: 'Date',
    className: 'nowrap phone-first',
    hideLabelOnPhone: true,
    cell: (row) => <span className="cell-title">{formatDay(row.attendance_date)}</span>,
  },
  { header: 'Sabbath School', className: 'num', cell: (row) => formatCount(row.sabbath_school_count) },
  { header: 'Children', className: 'num', cell: (row) => formatCount(row.divine_children_count) },
  { header: 'Youth', className: 'num', cell: (row) => formatCount(row.divine_youth_count) },
  { header: 'Adults', className: 'num', cell: (row) => formatCount(row.divine_adults_count) },
  {
    header: 'Divine Total',
    className: 'num total',
    cell: (row) => <strong>{formatCount(row.divine_total ?? divineTotal(row))}</strong>,
  },
  {
    header: 'Actions',
    hideLabelOnPhone: true,
    cell: (row) => (
      <Link
        className="btn btn-small btn-edit"
        to={`/attendance/${row.attendance_date}`}
        aria-label={`View/Edit ${formatDay(row.attendance_date)}`}
      >
        View/Edit
      </Link>
    ),
  },
];

/** /admin/attendance: the last 12 Sabbaths as a chart, then every recorded Sabbath, 20 a page (§2.9). */
export default function AttendanceListPage() {
  const [params, setParams] = useAddressParams();
  const page = pageFrom(params);
  const list = useAttendancePage(page);
  const recent = useRecentSabbaths();

  const addButton = (
    <Link className="btn btn-primary" to="/attendance/new">
      + Add Attendance
    </Link>
  );
  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
  };
  const loadProblem = list.error ?? recent.error;

  return (
    <div className="content-page attendance-page">
      <title>Attendance | Back Office</title>
      <PageHeader
        title="Attendance"
        description="Sabbath School and divine service head counts, one record per Sabbath."
        actions={addButton}
      />

      {loadProblem ? (
        <Alert>
          <strong>{attendanceTexts.loadFailed}</strong>
          {problemMessage(loadProblem) ? <span className="alert-detail">{problemMessage(loadProblem)}</span> : null}
          <button
            type="button"
            className="btn-link"
            onClick={() => {
              void list.refetch();
              void recent.refetch();
            }}
          >
            Try again
          </button>
        </Alert>
      ) : null}

      {recent.data && recent.data.length > 0 ? <AttendanceChart rows={recent.data} /> : null}

      <section className="attendance-list" aria-labelledby="recent-sabbaths">
        <h2 id="recent-sabbaths">Recent Sabbaths</h2>
        {list.isPending ? (
          <Spinner label="Loading attendance..." />
        ) : list.data ? (
          list.data.total === 0 ? (
            <div className="empty-state">
              <p>{attendanceTexts.empty}</p>
              {addButton}
            </div>
          ) : page > pageCount(list.data.total, PAGE_SIZE) ? (
            <div className="empty-state">
              <p>{`There is no page ${String(page)}.`}</p>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  goTo(1);
                }}
              >
                Back to the first page
              </button>
            </div>
          ) : (
            <>
              <DataTable
                caption="Recent Sabbaths, newest first"
                columns={columns}
                rows={list.data.rows}
                rowKey={(row) => row.id}
                empty={<p>{attendanceTexts.empty}</p>}
              />
              <RangePager page={page} pageSize={PAGE_SIZE} total={list.data.total} noun="Sabbaths" onPage={goTo} busy={list.isPlaceholderData} />
            </>
          )
        ) : null}
      </section>
    </div>
  );
}
