import { useEffect, useState } from 'react';
import { Link } from '../../lib/router';
import { ContactLeaderModal, type LeaderRecipient } from '../../components/ui/ContactLeaderModal';
import { PageTitle } from '../../components/ui/Page';
import { formatNumber, localized, localizedList, type MessageKey, provide, t } from '../../i18n';
import { leaderName, leaderNameInEnglish } from '../../lib/leader-name';
import { clockLabel } from '../../lib/relative-date';
import { scheduleWords } from '../../lib/schedule-words';
import { useChurchSettings } from '../../lib/settings';
import { useAboutLeaders, type AboutLeader } from './api/queries';
import './about.css';
import { about as aboutTexts } from '../../i18n/en/about';

provide(aboutTexts);

const BELIEFS_URL = 'https://www.adventist.org/beliefs/';

/** The six belief cards: title and text keys. */
const beliefs: { title: MessageKey; text: MessageKey }[] = [
  { title: 'about.beliefScripturesTitle', text: 'about.beliefScripturesText' },
  { title: 'about.beliefTrinityTitle', text: 'about.beliefTrinityText' },
  { title: 'about.beliefSalvationTitle', text: 'about.beliefSalvationText' },
  { title: 'about.beliefSabbathTitle', text: 'about.beliefSabbathText' },
  { title: 'about.beliefSecondComingTitle', text: 'about.beliefSecondComingText' },
  { title: 'about.beliefHealthTitle', text: 'about.beliefHealthText' },
];

/** A year as a plain number in the active language (no thousands separator). */
function yearText(year: number): string {
  return formatNumber(year, { useGrouping: false });
}

/** The five heritage entries, in the active language. */
const timeline = (founded: number, now: number): { year: string; title: MessageKey; text: MessageKey }[] => [
  { year: yearText(founded), title: 'about.timelineFoundationTitle', text: 'about.timelineFoundationText' },
  {
    year: t('about.decade', { decade: yearText(Math.floor((founded + 10) / 10) * 10) }),
    title: 'about.timelineExpansionTitle',
    text: 'about.timelineExpansionText',
  },
  { year: t('about.decade', { decade: yearText(2000) }), title: 'about.timelineModernizationTitle', text: 'about.timelineModernizationText' },
  { year: t('about.decade', { decade: yearText(2010) }), title: 'about.timelineMultiplicationTitle', text: 'about.timelineMultiplicationText' },
  { year: yearText(now), title: 'about.timelineTodayTitle', text: 'about.timelineTodayText' },
];

/**
 * Four more elders shown on the page (spec §2 About), each with a working contact form (spec
 * README point 5). Their titled name ('Elder John Mwita') and `position` go to the church office
 * with a message in English, as before; the visitor reads them, and the specialties, in their
 * language — the title as the leaders' from the database ('Mzee John Mwita' beside 'Mzee Ruth
 * Odhiambo' on /sw/about, issue 41).
 */
export const fixedElders: { name: string; position: string; positionLabel: MessageKey; specialties: MessageKey[] }[] = [
  {
    name: 'John Mwita',
    position: 'Elder, Sabbath School',
    positionLabel: 'about.elderSabbathSchool',
    specialties: ['about.tagBibleTeaching', 'about.tagSabbathSchool'],
  },
  {
    name: 'Agnes Wanjiru',
    position: 'Elder, Family Life',
    positionLabel: 'about.elderFamilyLife',
    specialties: ['about.tagFamilyLife', 'about.tagCounseling'],
  },
  {
    name: 'Samuel Kiprono',
    position: 'Elder, Evangelism',
    positionLabel: 'about.elderEvangelism',
    specialties: ['about.tagEvangelism', 'about.tagVisitation'],
  },
  {
    name: 'Naomi Achieng',
    position: 'Elder, Prayer Ministry',
    positionLabel: 'about.elderPrayerMinistry',
    specialties: ['about.tagPrayerMinistry', 'about.tagWomensMinistry'],
  },
];

const categoryTitles: Record<'pastoral' | 'elder' | 'officer', MessageKey> = {
  pastoral: 'about.groupPastoral',
  elder: 'about.groupElders',
  officer: 'about.groupOfficers',
};

/** A Nairobi wall-clock time (for the default service times), shown in the active language. */
function nairobiTime(hours: number): string {
  return clockLabel(new Date(Date.UTC(2026, 0, 3, hours - 3)));
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

function LeaderCard({
  name,
  initialsOf,
  position,
  bio,
  specialties,
  onContact,
}: {
  /** The name as shown, with its title. */
  name: string;
  /** The name the avatar's initials come from (without a title). */
  initialsOf: string;
  position: string;
  bio?: string | null;
  specialties: string[];
  onContact: () => void;
}) {
  const tags = specialties.length ? specialties : [t('about.tagChurchLeadership'), t('about.tagService')];
  return (
    <article className="card leader-card">
      <div className="leader-head">
        <span className="avatar" aria-hidden="true">
          {initials(initialsOf)}
        </span>
        <div>
          <h4>{name}</h4>
          <p className="leader-position">{position}</p>
        </div>
      </div>
      {bio ? <p className="clamp-3">{bio}</p> : null}
      <ul className="chips" aria-label={t('about.specialties')}>
        {tags.map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
      </ul>
      <button type="button" className="button button-outline" onClick={onContact}>
        {t('about.contact')}
        <span className="visually-hidden"> {name}</span>
      </button>
    </article>
  );
}

function Leadership() {
  const { data, isPending, error } = useAboutLeaders();
  const [recipient, setRecipient] = useState<LeaderRecipient | null>(null);
  useEffect(() => {
    // On failure the list stays empty and the error is only logged (spec §4).
    if (error) console.warn('Could not load church leaders', error);
  }, [error]);
  const leaders = data ?? [];
  const groups = (['pastoral', 'elder', 'officer'] as const).map((category) => ({
    category,
    leaders: leaders.filter((leader: AboutLeader) => leader.category === category),
  }));

  return (
    <section className="section" aria-labelledby="leadership-heading">
      <h2 id="leadership-heading">{t('about.leadershipTitle')}</h2>
      <p className="lead">{t('about.leadershipLead')}</p>
      {isPending ? (
        <p className="status-message" role="status">
          {t('about.leadershipLoading')}
        </p>
      ) : (
        groups.map((group) =>
          group.leaders.length || group.category === 'elder' ? (
            <div key={group.category} className="leader-group">
              <h3>{t(categoryTitles[group.category])}</h3>
              <div className="card-grid">
                {group.leaders.map((leader) => (
                  <LeaderCard
                    key={leader.id}
                    name={leaderName(leader)}
                    initialsOf={leader.name}
                    position={localized(leader, 'position')}
                    bio={localized(leader, 'bio')}
                    specialties={localizedList(leader, 'specialties')}
                    onContact={() => {
                      // The office is told the English title and position; the visitor reads their language's.
                      setRecipient({
                        name: leaderNameInEnglish(leader),
                        nameLabel: leaderName(leader),
                        role: leader.position,
                        roleLabel: localized(leader, 'position'),
                      });
                    }}
                  />
                ))}
                {group.category === 'elder'
                  ? fixedElders.map((elder) => (
                      <LeaderCard
                        key={elder.name}
                        name={leaderName({ name: elder.name, title: 'elder' })}
                        initialsOf={elder.name}
                        position={t(elder.positionLabel)}
                        specialties={elder.specialties.map((tag) => t(tag))}
                        onContact={() => {
                          setRecipient({
                            name: leaderNameInEnglish({ name: elder.name, title: 'elder' }),
                            nameLabel: leaderName({ name: elder.name, title: 'elder' }),
                            role: elder.position,
                            roleLabel: t(elder.positionLabel),
                          });
                        }}
                      />
                    ))
                  : null}
              </div>
            </div>
          ) : null,
        )
      )}
      <ContactLeaderModal
        recipient={recipient}
        onClose={() => {
          setRecipient(null);
        }}
      />
    </section>
  );
}

export default function AboutPage() {
  const settings = useChurchSettings();
  const stats = settings.aboutStatistics;
  const currentYear = stats.foundedYear + stats.years;
  return (
    <div className="about-page">
      <PageTitle title={t('about.title')} />
      <div className="page-hero">
        <h1>{t('about.heroTitle')}</h1>
        <p>
          {t('about.heroText', {
            church: settings.branch ? `${settings.name}, ${settings.branch}` : settings.name,
            year: yearText(stats.foundedYear),
          })}
        </p>
      </div>

      <section className="section" aria-labelledby="mission-heading">
        <h2 id="mission-heading">{t('about.missionVisionTitle')}</h2>
        <div className="card-grid two-up">
          <article className="card">
            <h3>{t('about.missionTitle')}</h3>
            <p>{t('about.missionText')}</p>
          </article>
          <article className="card">
            <h3>{t('about.visionTitle')}</h3>
            <p>{t('about.visionText')}</p>
          </article>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="heritage-heading">
        <h2 id="heritage-heading">{t('about.heritageTitle')}</h2>
        <ol className="timeline">
          {timeline(stats.foundedYear, currentYear).map((entry) => (
            <li key={entry.title}>
              <span className="timeline-year">{entry.year}</span>
              <div>
                <h3>{t(entry.title)}</h3>
                <p>{t(entry.text)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="section" aria-labelledby="stats-heading">
        <h2 id="stats-heading">{t('about.statsTitle')}</h2>
        <dl className="stats">
          <div>
            <dt>{t('about.statsMembers')}</dt>
            <dd>{formatNumber(stats.members)}</dd>
          </div>
          <div>
            <dt>{t('about.statsYears')}</dt>
            <dd>{formatNumber(stats.years)}</dd>
          </div>
          <div>
            <dt>{t('about.statsMinistries')}</dt>
            <dd>{formatNumber(stats.ministries)}</dd>
          </div>
          <div>
            <dt>{t('about.statsDaughterChurches')}</dt>
            <dd>{formatNumber(stats.daughterChurches)}</dd>
          </div>
        </dl>
        <p className="stats-note">
          {t('about.statsFounded', { year: yearText(stats.foundedYear), count: formatNumber(stats.foundingMembers) })}
        </p>
      </section>

      <section className="section section-soft" aria-labelledby="beliefs-heading">
        <h2 id="beliefs-heading">{t('about.beliefsTitle')}</h2>
        <div className="card-grid">
          {beliefs.map((belief) => (
            <article key={belief.title} className="card belief-card">
              <h3>{t(belief.title)}</h3>
              <p>{t(belief.text)}</p>
            </article>
          ))}
        </div>
        <p className="section-link">
          <a href={BELIEFS_URL} target="_blank" rel="noopener noreferrer" className="button">
            {t('about.readAllBeliefs')}
            <span className="visually-hidden"> {t('about.opensInNewTab')}</span>
          </a>
        </p>
      </section>

      <Leadership />

      <section className="section section-soft" aria-labelledby="join-heading">
        <h2 id="join-heading">{t('about.joinTitle')}</h2>
        <p className="lead">{t('about.joinText')}</p>
        <div className="link-buttons">
          <Link to="/ministries" className="button">
            {t('about.exploreMinistries')}
          </Link>
          <Link to="/contact" className="button button-outline">
            {t('about.contactUs')}
          </Link>
        </div>
      </section>

      <section className="section come-and-see" aria-labelledby="come-heading">
        <h2 id="come-heading">{t('about.comeTitle')}</h2>
        <p className="lead">
          {t('about.comeText', {
            sabbathSchool: settings.serviceTimes[0] ? scheduleWords(settings.serviceTimes[0].time) : nairobiTime(9),
            divineService: settings.serviceTimes[1] ? scheduleWords(settings.serviceTimes[1].time) : nairobiTime(11),
          })}
        </p>
        <div className="link-buttons">
          <Link to="/events" className="button">
            {t('about.seeEvents')}
          </Link>
          <Link to="/contact" className="button button-outline">
            {t('about.planVisit')}
          </Link>
        </div>
      </section>
    </div>
  );
}
