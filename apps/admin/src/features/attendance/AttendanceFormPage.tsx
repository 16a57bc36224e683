import { useId, useState, type SubmitEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { formatDay } from '../../components/ui/form-values';
import { Notice } from '../../components/ui/Notice';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { useAttendanceDay, usePreviousSabbath } from './api/get-attendance-day';
import { useLatestAttendanceDate } from './api/get-latest-attendance-date';
import { useSaveAttendance } from './api/save-attendance';
import {
  countFields,
  countsOf,
  defaultRecordDate,
  isIsoDate,
  mostRecentSabbath,
  weekday,
  weekdayName,
  zeroCounts,
  type CountKey,
  type Counts,
} from './attendance-rules';
import { AttendanceSummary } from './AttendanceSummary';
import { attendanceTexts, problemMessage } from './attendance-texts';
import { CountStepper } from './CountStepper';
import './attendance.css';

/** A date worth opening: a real date from the year 2000 on (a date box briefly holds years like 0002 while one is typed). */
function isUsableDate(value: string): boolean {
  return isIsoDate(value) && value >= '2000-01-01';
}

function LoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const detail = problemMessage(error);
  return (
    <Alert>
      <strong>{attendanceTexts.loadFailed}</strong>
      {detail ? <span className="alert-detail">{detail}</span> : null}
      <button type="button" className="btn-link" onClick={onRetry}>
        Try again
      </button>
    </Alert>
  );
}

/**
 * /admin/attendance/new and /admin/attendance/{date}: one Sabbath's four counts (§2.9). The date
 * lives in the address: /new opens the default date (the latest recorded plus 7 days, else the
 * most recent Saturday, §4); choosing another date, or Last Sabbath, opens that date's record, or
 * a new one. Save Counts is an upsert on the date, so a date never has two rows.
 */
export default function AttendanceFormPage() {
  const { date: param = 'new' } = useParams();
  const navigate = useNavigate();
  const isNew = param === 'new';
  const [now] = useState(() => new Date());
  const latest = useLatestAttendanceDate(isNew);
  const date = isNew
    ? latest.isSuccess
      ? defaultRecordDate(latest.data, now)
      : latest.isError
        ? mostRecentSabbath(now)
        : undefined
    : isIsoDate(param)
      ? param
      : undefined;
  const day = useAttendanceDay(date);
  const previous = usePreviousSabbath(date);
  const save = useSaveAttendance();

  const [counts, setCounts] = useState<Counts>(zeroCounts);
  // Whether the counters hold what the user typed (kept when they move to a date with no record).
  const [touched, setTouched] = useState(false);
  // The counters typed into since the counts were last filled (only these, or a recorded
  // Sabbath's, are compared with the previous Sabbath: a blank form shows no change).
  const [typed, setTyped] = useState<ReadonlySet<CountKey>>(() => new Set());
  // The date whose record (or absence of one) the counters were last filled from, and when
  // that answer was fetched.
  const [loaded, setLoaded] = useState<{ date: string; at: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dateDraft, setDateDraft] = useState<string | null>(null);
  const dateId = useId();
  const dateHintId = useId();

  // A date's record arrived: show its counts. With no record, start from zero, unless the user
  // had typed counts before choosing the date (then they are kept, to be saved for it). A newer
  // answer for the same date (the cached record shown first, then the server's, perhaps changed
  // by a colleague) replaces the counts too, unless the user has typed since.
  const newer = loaded !== null && loaded.date === date && loaded.at !== day.dataUpdatedAt && !touched;
  if (date !== undefined && day.isSuccess && (loaded?.date !== date || newer)) {
    setLoaded({ date, at: day.dataUpdatedAt });
    if (day.data) {
      setCounts(countsOf(day.data));
      setTouched(false);
      setTyped(new Set());
    } else if (!touched) {
      setCounts(zeroCounts);
      setTyped(new Set());
    }
  }

  const openDate = (next: string) => {
    setNotice(null);
    save.reset();
    void navigate(`/attendance/${next}`, { replace: true });
  };

  const setCount = (key: CountKey, value: number) => {
    setNotice(null);
    setTouched(true);
    setTyped((current) => (current.has(key) ? current : new Set([...current, key])));
    setCounts((current) => ({ ...current, [key]: value }));
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (date === undefined || save.isPending) return;
    setNotice(null);
    save.mutate(
      { date, counts },
      {
        onSuccess: () => {
          setNotice(attendanceTexts.saved);
          setTouched(false);
          // The record now exists: its address, so the default date (latest + 7) does not move on.
          if (isNew) void navigate(`/attendance/${date}`, { replace: true });
        },
        onError: (error) => {
          console.error('Saving attendance failed', error);
        },
      },
    );
  };

  const recorded = day.data ?? null;
  const title = recorded ? 'Edit Attendance' : 'Record Attendance';
  const loadError = latest.error ?? day.error ?? previous.error;
  const saveDetail = save.isError ? problemMessage(save.error) : undefined;
  const backLink = (
    <Link className="btn btn-secondary" to="/attendance">
      ← Recent Sabbaths
    </Link>
  );

  if (!isNew && date === undefined) {
    return (
      <div className="content-page attendance-page">
        <title>Attendance | Back Office</title>
        <PageHeader title="Attendance" actions={backLink} />
        <Alert>{`“${param}” is not a date. Dates are written YYYY-MM-DD, for example ${mostRecentSabbath(now)}.`}</Alert>
      </div>
    );
  }

  return (
    <div className="content-page attendance-page">
      <title>{`${title} | Back Office`}</title>
      <PageHeader
        title={title}
        description="Count Sabbath School and the divine service (children, youth and adults) for one Sabbath."
        actions={backLink}
      />

      <Notice text={notice} onDismiss={setNotice} />
      {save.isError ? (
        <Alert>
          <strong>{attendanceTexts.saveFailed}</strong>
          {saveDetail ? <span className="alert-detail">{saveDetail}</span> : null}
        </Alert>
      ) : null}
      {loadError ? (
        <LoadProblem
          error={loadError}
          onRetry={() => {
            void latest.refetch();
            void day.refetch();
            void previous.refetch();
          }}
        />
      ) : null}

      {date === undefined ? (
        <Spinner label="Finding the next Sabbath..." />
      ) : (
        <div className="attendance-layout">
          <form className="attendance-form" aria-label="Attendance counts" noValidate onSubmit={onSubmit}>
            <div className="date-row">
              <div className="field">
                <label htmlFor={dateId}>Sabbath date</label>
                <input
                  id={dateId}
                  type="date"
                  value={dateDraft ?? date}
                  aria-describedby={dateHintId}
                  onChange={(event) => {
                    const next = event.target.value;
                    setDateDraft(next);
                    if (isUsableDate(next) && next !== date) openDate(next);
                  }}
                  onBlur={() => {
                    setDateDraft(null);
                  }}
                />
              </div>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setDateDraft(null);
                  const last = mostRecentSabbath(new Date());
                  if (last !== date) openDate(last);
                }}
              >
                Last Sabbath
              </button>
            </div>
            <p id={dateHintId} className="date-hint" aria-live="polite">
              {weekday(date) === 6 ? null : <span className="date-warning">{`${formatDay(date)} is a ${weekdayName(date)}, not a Sabbath. `}</span>}
              {day.isPending
                ? 'Looking for counts already recorded for this date...'
                : recorded
                  ? `Counts recorded for ${formatDay(date)} are shown; saving replaces them.`
                  : `Nothing is recorded for ${formatDay(date)} yet.`}
            </p>

            <div className="steppers">
              {countFields.map(({ key, label }) => (
                <CountStepper
                  key={key}
                  label={label}
                  value={counts[key]}
                  disabled={day.isPending}
                  onChange={(value) => {
                    setCount(key, value);
                  }}
                />
              ))}
            </div>

            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={save.isPending || day.isPending}>
                {save.isPending ? 'Saving...' : 'Save Counts'}
              </button>
            </div>
          </form>

          <AttendanceSummary
            counts={counts}
            previous={previous.data ?? null}
            comparing={previous.isPending}
            entered={recorded ? 'all' : typed}
          />
        </div>
      )}
    </div>
  );
}
