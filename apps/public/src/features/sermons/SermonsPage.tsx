import { useEffect, useRef, useState } from 'react';
import { PageTitle } from '../../components/ui/Page';
import { formatDate, formatNumber, localePath, localized, localizedList, provide, t } from '../../i18n';
import { useDataSaver } from '../../lib/data-saver';
import { CHURCH_TIME_ZONE } from '../../lib/relative-date';
import { Link } from '../../lib/router';
import { useChurchSettings } from '../../lib/settings';
import { useActiveSeries, useSermonSamples, useSermons } from './api/queries';
import type { SeriesRow, SermonRow } from './api/types';
import { shareLink } from './share';
import { cutTitle, parseVideoId, sermonMediaLink, videoThumbnailUrl } from './video';
import { VideoOverlay } from './VideoOverlay';
import './sermons.css';
import { sermons as sermonsTexts } from '../../i18n/en/sermons';

provide(sermonsTexts);

const RECENT_SHOWN = 6;
/** "Show all" pages the sermons: on paid data a phone loads a dozen cards and thumbnails at a time. */
export const SERMONS_PER_PAGE = 12;

/** The page of the list holding the sermon a shared link (#sermon-<id>) points at; 0 without one. */
function pageOfLinkedSermon(sermons: SermonRow[]): number {
  const index = sermons.findIndex((sermon) => `#sermon-${sermon.id}` === decodeURIComponent(window.location.hash));
  return index < 0 ? 0 : Math.floor(index / SERMONS_PER_PAGE);
}
function sermonDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatDate(date, { timeZone: CHURCH_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });
}

/** Display defaults (spec §3): speaker 'Guest Speaker', series 'Sermon'. */
function speakerOf(sermon: SermonRow): string {
  return sermon.speaker.trim() === '' ? t('sermons.guestSpeaker') : sermon.speaker;
}
function seriesOf(sermon: SermonRow): string {
  const series = sermon.series?.trim();
  return series === undefined || series === '' ? t('sermons.defaultSeries') : series;
}

/** What sharing hands out: the video's short link, else this page (in its language) pointing at the sermon. */
function shareUrl(sermon: SermonRow): string {
  const videoId = parseVideoId(sermon.video_url);
  return videoId ? `https://youtu.be/${videoId}` : `${window.location.origin}${localePath('/sermons')}#sermon-${sermon.id}`;
}

function share(sermon: SermonRow) {
  void shareLink({ title: sermon.title, text: t('sermons.shareText', { title: sermon.title, speaker: speakerOf(sermon) }), url: shareUrl(sermon) });
}

/**
 * The sermon's picture: its video's thumbnail, else the series name on a plain tile. In
 * data-saver mode a thumbnail loads only when the visitor asks for it ("Show thumbnail").
 */
function Thumbnail({ sermon, large = false }: { sermon: SermonRow; large?: boolean }) {
  const videoId = parseVideoId(sermon.video_url);
  const saving = useDataSaver();
  const [asked, setAsked] = useState(false);
  const showImage = videoId !== null && (!saving || asked);
  return (
    <div className={large ? 'sermon-thumb sermon-thumb-large' : 'sermon-thumb'}>
      {showImage ? (
        <img src={videoThumbnailUrl(videoId)} alt="" loading="lazy" decoding="async" width={480} height={360} />
      ) : (
        <>
          <span className="sermon-thumb-series" aria-hidden="true">
            {seriesOf(sermon)}
          </span>
          {videoId ? (
            <button
              type="button"
              className="sermon-thumb-show"
              aria-label={t('sermons.showThumbnailOf', { title: sermon.title })}
              onClick={() => {
                setAsked(true);
              }}
            >
              {t('sermons.showThumbnail')}
            </button>
          ) : (
            <span className="sermon-thumb-play" aria-hidden="true">
              ▶
            </span>
          )}
        </>
      )}
    </div>
  );
}

function PlayButton({ sermon, onPlay, label }: { sermon: SermonRow; onPlay: (sermon: SermonRow) => void; label?: string }) {
  const link = sermonMediaLink(sermon);
  if (!link) return <span className="sermon-unavailable">{t('sermons.comingSoon')}</span>;
  const video = parseVideoId(link) !== null;
  const name = video ? t('sermons.watchTitle', { title: sermon.title }) : t('sermons.listenTitle', { title: sermon.title });
  return (
    <button type="button" className="button sermon-play" onClick={() => { onPlay(sermon); }} aria-label={name}>
      <span aria-hidden="true">▶</span> {label ?? (video ? t('sermons.watch') : t('sermons.listen'))}
    </button>
  );
}

function ShareButton({ sermon }: { sermon: SermonRow }) {
  return (
    <button type="button" className="button button-light" onClick={() => { share(sermon); }} aria-label={t('sermons.shareTitle', { title: sermon.title })}>
      {t('sermons.share')}
    </button>
  );
}

function FeaturedSermon({ sermon, onPlay }: { sermon: SermonRow; onPlay: (sermon: SermonRow) => void }) {
  return (
    <section className="featured-sermon" aria-labelledby="featured-sermon-heading" id={`sermon-${sermon.id}`}>
      <Thumbnail sermon={sermon} large />
      <div className="featured-sermon-body">
        <p className="sermon-kicker">{t('sermons.latestMessage', { series: seriesOf(sermon) })}</p>
        <h2 id="featured-sermon-heading">{sermon.title}</h2>
        <p className="sermon-meta">
          {speakerOf(sermon)} · <time dateTime={sermon.sermon_date}>{sermonDate(sermon.sermon_date)}</time>
        </p>
        {sermon.description ? <p className="sermon-description">{sermon.description}</p> : null}
        <div className="sermon-actions">
          <PlayButton sermon={sermon} onPlay={onPlay} />
          <ShareButton sermon={sermon} />
          {sermon.notes_url ? (
            <a className="button button-light" href={sermon.notes_url} target="_blank" rel="noopener noreferrer">
              {t('sermons.notes')}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function SermonCard({ sermon, live, onPlay }: { sermon: SermonRow; live: boolean; onPlay: (sermon: SermonRow) => void }) {
  const short = cutTitle(sermon.title);
  return (
    <li className="sermon-card" id={`sermon-${sermon.id}`}>
      <div className="sermon-card-media">
        <Thumbnail sermon={sermon} />
        {live ? <span className="live-badge">{t('sermons.live')}</span> : null}
      </div>
      <div className="sermon-card-body">
        <p className="sermon-series-tag">{seriesOf(sermon)}</p>
        <h3 title={short === sermon.title ? undefined : sermon.title}>{short}</h3>
        <p className="sermon-meta">
          {speakerOf(sermon)}
          <br />
          <time dateTime={sermon.sermon_date}>{sermonDate(sermon.sermon_date)}</time>
        </p>
        <div className="sermon-actions">
          <PlayButton sermon={sermon} onPlay={onPlay} />
          <ShareButton sermon={sermon} />
        </div>
      </div>
    </li>
  );
}

/**
 * A series in the active language: each Kiswahili field when staff filled it in (per field),
 * otherwise the English one.
 */
function seriesInLanguage(row: SeriesRow): SeriesRow {
  return {
    ...row,
    title: localized(row, 'title'),
    subtitle: localized(row, 'subtitle') || null,
    description: localized(row, 'description') || null,
    topics: localizedList(row, 'topics'),
  };
}

/** A sermon in the active language, its series named as the series itself is (by its English title). */
function sermonInLanguage(row: SermonRow, series: readonly SeriesRow[]): SermonRow {
  const own = row.series ? series.find((item) => item.title === row.series) : undefined;
  return {
    ...row,
    title: localized(row, 'title'),
    description: localized(row, 'description') || null,
    series: own ? localized(own, 'title') : row.series,
  };
}

function SeriesCard({ series }: { series: SeriesRow }) {
  const total = Math.max(series.message_count, 0);
  const current = Math.min(Math.max(series.current_message, 0), total);
  return (
    <li className="series-card">
      <h3>{series.title}</h3>
      {series.subtitle ? <p className="series-subtitle">{series.subtitle}</p> : null}
      {series.description ? <p>{series.description}</p> : null}
      <div className="series-progress">
        <span id={`series-progress-${series.id}`}>
          {t('sermons.messageOf', { current: formatNumber(current), total: formatNumber(total) })}
        </span>
        <progress max={total || 1} value={current} aria-labelledby={`series-progress-${series.id}`} />
      </div>
      {series.topics.length ? (
        <ul className="series-topics" aria-label={t('sermons.topics')}>
          {series.topics.map((topic) => (
            <li key={topic}>{topic}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function LoadingCards({ label }: { label: string }) {
  return (
    <div className="sermons-loading" role="status">
      <span className="visually-hidden-text">{label}</span>
      <div className="skeleton skeleton-featured" aria-hidden="true" />
      <div className="skeleton-row" aria-hidden="true">
        <div className="skeleton" />
        <div className="skeleton" />
        <div className="skeleton" />
      </div>
    </div>
  );
}

export default function SermonsPage() {
  const settings = useChurchSettings();
  const sermonsRead = useSermons();
  const seriesRead = useActiveSeries();
  const needSamples = sermonsRead.isError || sermonsRead.data?.length === 0 || seriesRead.isError || seriesRead.data?.length === 0;
  const samples = useSermonSamples(needSamples);
  const [playing, setPlaying] = useState<SermonRow | null>(null);
  // Arriving by a link to one sermon shows them all, on the page holding that sermon.
  const [showAll, setShowAll] = useState(() => window.location.hash.startsWith('#sermon-'));
  const [chosenPage, setChosenPage] = useState<number | null>(null);
  const recentHeading = useRef<HTMLHeadingElement>(null);

  // Spec §7: the read replaces the sample data when it is non-empty; on failure the samples stay.
  const sermonRows = sermonsRead.data?.length ? sermonsRead.data : needSamples ? samples.data?.sampleSermons : undefined;
  const seriesRows = seriesRead.data?.length ? seriesRead.data : needSamples ? samples.data?.sampleSeries : undefined;
  const usingSamples = sermonRows !== undefined && sermonRows !== sermonsRead.data;
  // Made on every render: the texts are in the active language, which can change without the rows.
  const series = seriesRows?.map(seriesInLanguage);
  const sermons = sermonRows?.map((row) => sermonInLanguage(row, seriesRows ?? []));
  const [featured, ...others] = sermons ?? [];
  const pages = Math.max(1, Math.ceil(others.length / SERMONS_PER_PAGE));
  const page = Math.min(chosenPage ?? pageOfLinkedSermon(others), pages - 1);
  const recent = showAll ? others.slice(page * SERMONS_PER_PAGE, (page + 1) * SERMONS_PER_PAGE) : others.slice(0, RECENT_SHOWN);
  const turnTo = (next: number) => {
    setChosenPage(next);
    recentHeading.current?.scrollIntoView({ block: 'start' });
  };

  // A shared link (/sermons#sermon-<id>) points at one sermon: once the list is there, show it.
  const scrolledToHash = useRef(false);
  useEffect(() => {
    if (!sermonRows || scrolledToHash.current) return;
    scrolledToHash.current = true;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id.startsWith('sermon-')) return;
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [sermonRows]);

  return (
    <div className="sermons-page">
      <PageTitle title={t('sermons.title')} />
      <header className="sermons-hero">
        <h1>{t('sermons.title')}</h1>
        <p>{t('sermons.intro', { name: settings.name })}</p>
      </header>

      <div className="sermons-wrap">
        {usingSamples ? (
          <div className="sermons-note" role="status">
            {sermonsRead.isError ? (
              <>
                <p>{t('sermons.loadFailed')}</p>
                <button type="button" className="button button-light" onClick={() => void sermonsRead.refetch()}>
                  {t('sermons.tryAgain')}
                </button>
              </>
            ) : (
              <p>{t('sermons.noneYet')}</p>
            )}
          </div>
        ) : null}

        {!sermons ? (
          <LoadingCards label={t('sermons.loadingSermons')} />
        ) : (
          <>
            {featured ? <FeaturedSermon sermon={featured} onPlay={setPlaying} /> : null}
            {others.length ? (
              <section className="sermons-section" aria-labelledby="recent-sermons-heading">
                <h2 id="recent-sermons-heading" ref={recentHeading}>
                  {t('sermons.recent')}
                </h2>
                <ul className="sermon-grid" data-testid="recent-sermons">
                  {recent.map((sermon, index) => (
                    <SermonCard key={sermon.id} sermon={sermon} live={page === 0 && index < 2} onPlay={setPlaying} />
                  ))}
                </ul>
                {showAll && pages > 1 ? (
                  <nav className="sermons-pager" aria-label={t('sermons.pages')}>
                    <button type="button" className="button button-light" disabled={page === 0} onClick={() => { turnTo(page - 1); }}>
                      {t('sermons.previous')}
                    </button>
                    <span aria-live="polite">
                      {t('sermons.pageOf', { page: formatNumber(page + 1), pages: formatNumber(pages) })}
                    </span>
                    <button type="button" className="button button-light" disabled={page === pages - 1} onClick={() => { turnTo(page + 1); }}>
                      {t('sermons.next')}
                    </button>
                  </nav>
                ) : null}
                {others.length > RECENT_SHOWN ? (
                  <button
                    type="button"
                    className="button button-light sermons-more"
                    onClick={() => {
                      setShowAll((all) => !all);
                      setChosenPage(0);
                    }}
                  >
                    {showAll ? t('sermons.showFewer') : t('sermons.showAll', { count: formatNumber(others.length) })}
                  </button>
                ) : null}
              </section>
            ) : null}
          </>
        )}

        <section className="sermons-section" aria-labelledby="current-series-heading">
          <h2 id="current-series-heading">{t('sermons.currentSeries')}</h2>
          {series === undefined ? (
            <p role="status">{t('sermons.loadingSeries')}</p>
          ) : (
            <ul className="series-grid">
              {series.map((item) => (
                <SeriesCard key={item.id} series={item} />
              ))}
            </ul>
          )}
        </section>

        <section className="sermons-follow" aria-labelledby="follow-heading">
          <div>
            <h2 id="follow-heading">{t('sermons.followHeading')}</h2>
            <p>{t('sermons.followText')}</p>
          </div>
          <div className="sermons-follow-links">
            {settings.social.youtube ? (
              <a className="button button-gold" href={settings.social.youtube} target="_blank" rel="noopener noreferrer">
                {t('sermons.subscribeYouTube')}
              </a>
            ) : null}
            {settings.social.facebook ? (
              <a className="button button-light" href={settings.social.facebook} target="_blank" rel="noopener noreferrer">
                {t('sermons.followFacebook')}
              </a>
            ) : null}
            <Link className="button button-light" to="/events">
              {t('sermons.upcomingEvents')}
            </Link>
          </div>
        </section>
      </div>

      <VideoOverlay sermon={playing} onClose={() => { setPlaying(null); }} />
    </div>
  );
}
