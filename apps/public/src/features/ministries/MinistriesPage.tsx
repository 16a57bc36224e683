import { useState } from 'react';
import { ContactLeaderModal, type LeaderRecipient } from '../../components/ui/ContactLeaderModal';
import { InfoModal, type InfoModalContent } from '../../components/ui/InfoModal';
import { PageTitle } from '../../components/ui/Page';
import { formatNumber, localized, localizedList, provide, t } from '../../i18n';
import { leaderName, leaderNameInEnglish } from '../../lib/leader-name';
import { Link } from '../../lib/router';
import { scheduleWords } from '../../lib/schedule-words';
import { serviceName, serviceWhen, useChurchSettings } from '../../lib/settings';
import { useLeaders, useMinistries, type LeaderRow, type MinistryRow } from './api/queries';
import { activityChips, categoryLabel, initials, ministryLeaders } from './display';
import { withStaffOverride } from './staff-match';
import './ministries.css';
import { ministries as ministriesTexts } from '../../i18n/en/ministries';

provide(ministriesTexts);

const DEFAULT_COLOR = '#123c69';

/**
 * A ministry's texts in the active language: each Kiswahili field when staff filled it in, else
 * the English one; a meeting time without its own Kiswahili gets its weekday and time words from
 * the catalogue ('Friday 6:00 PM' → 'Ijumaa 18:00').
 */
function ministryTexts(ministry: MinistryRow) {
  return {
    name: localized(ministry, 'name'),
    description: localized(ministry, 'description'),
    meetingTime: ministry.meeting_time_sw ? localized(ministry, 'meeting_time') : scheduleWords(ministry.meeting_time),
    location: localized(ministry, 'location'),
    activities: localizedList(ministry, 'activities'),
  };
}

function MinistryCard({ ministry, onLearnMore }: { ministry: MinistryRow; onLearnMore: (ministry: MinistryRow) => void }) {
  const texts = ministryTexts(ministry);
  const { chips, more } = activityChips(texts.activities);
  const color = ministry.color ?? DEFAULT_COLOR;
  return (
    <li className="ministry-card" style={{ borderTopColor: color }}>
      <span className="ministry-badge">{categoryLabel(ministry.category)}</span>
      <h3>{texts.name}</h3>
      {texts.description ? <p className="ministry-description">{texts.description}</p> : null}
      {ministry.leader ? (
        <div className="ministry-leader">
          <span className="initials" aria-hidden="true" style={{ boxShadow: `0 0 0 3px ${color}55` }}>
            {initials(ministry.leader)}
          </span>
          <span>
            <span className="ministry-leader-label">{t('ministries.leader')}</span>
            <span className="ministry-leader-name">{ministry.leader}</span>
          </span>
        </div>
      ) : null}
      <dl className="ministry-facts">
        <div>
          <dt>{t('ministries.meets')}</dt>
          <dd>{texts.meetingTime}</dd>
        </div>
        {texts.location ? (
          <div>
            <dt>{t('ministries.where')}</dt>
            <dd>{texts.location}</dd>
          </div>
        ) : null}
      </dl>
      {chips.length ? (
        <ul className="ministry-chips" aria-label={t('ministries.activitiesOf', { name: texts.name })}>
          {chips.map((activity) => (
            <li key={activity}>{activity}</li>
          ))}
          {more > 0 ? (
            <li className="chip-more" title={texts.activities.slice(3).join(', ')}>
              {t('ministries.moreChips', { count: formatNumber(more) })}
            </li>
          ) : null}
        </ul>
      ) : null}
      <button
        type="button"
        className="button button-light ministry-more"
        onClick={() => {
          onLearnMore(ministry);
        }}
        aria-label={t('ministries.learnMoreFor', { name: texts.name })}
      >
        {t('ministries.learnMore')}
      </button>
    </li>
  );
}

function LeaderCard({ leader, onContact }: { leader: LeaderRow; onContact: (leader: LeaderRow) => void }) {
  return (
    <li className="ministry-leader-card">
      <span className="initials initials-large" aria-hidden="true">
        {initials(leader.name)}
      </span>
      <h3>{leaderName(leader)}</h3>
      <p>{localized(leader, 'position')}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          onContact(leader);
        }}
        aria-label={t('ministries.contactLeader', { name: leaderName(leader) })}
      >
        {t('ministries.contact')}
      </button>
    </li>
  );
}

export default function MinistriesPage() {
  const settings = useChurchSettings();
  const ministriesRead = useMinistries();
  const leadersRead = useLeaders();
  const [info, setInfo] = useState<InfoModalContent | null>(null);
  const [recipient, setRecipient] = useState<LeaderRecipient | null>(null);

  const leaders = leadersRead.data ?? [];
  // A ministry's card names its leader with the title, in the visitor's language (issue 41).
  const staff = leaders.map((leader) => ({ ...leader, name: leaderName(leader) }));
  const ministries = ministriesRead.data?.map((ministry) => withStaffOverride(ministry, staff));
  const shownLeaders = ministryLeaders(leaders);
  const firstService = settings.serviceTimes[0];

  const openMinistry = (ministry: MinistryRow) => {
    const texts = ministryTexts(ministry);
    setInfo({
      type: 'ministry',
      title: texts.name,
      description: texts.description || undefined,
      meetingTime: texts.meetingTime,
      leader: ministry.leader ?? undefined,
      contact: [ministry.contact, ministry.phone].filter(Boolean).join(' · ') || undefined,
    });
  };

  return (
    <div className="ministries-page">
      <PageTitle title={t('ministries.title')} />
      <header className="ministries-hero">
        <h1>{t('ministries.title')}</h1>
        <p>{t('ministries.heroText', { name: settings.name })}</p>
        <a className="button button-gold" href="#get-involved">
          {t('ministries.getInvolved')}
        </a>
      </header>

      <div className="ministries-wrap">
        <section aria-labelledby="ministries-heading">
          <h2 id="ministries-heading">{t('ministries.ourMinistries')}</h2>
          {ministriesRead.isPending ? (
            <p className="ministries-status" role="status">
              {t('ministries.loading')}
            </p>
          ) : ministriesRead.isError ? (
            <div className="ministries-status" role="alert">
              <p>{t('ministries.loadFailed')}</p>
              <button type="button" className="button" onClick={() => void ministriesRead.refetch()}>
                {t('ministries.tryAgain')}
              </button>
            </div>
          ) : ministries?.length ? (
            <ul className="ministry-grid" data-testid="ministry-grid">
              {ministries.map((ministry) => (
                <MinistryCard key={ministry.id} ministry={ministry} onLearnMore={openMinistry} />
              ))}
            </ul>
          ) : (
            <p className="ministries-status">{t('ministries.empty')}</p>
          )}
        </section>

        <section className="ministries-section" aria-labelledby="leaders-heading">
          <h2 id="leaders-heading">{t('ministries.leadersTitle')}</h2>
          {leadersRead.isPending ? (
            <p className="ministries-status" role="status">
              {t('ministries.leadersLoading')}
            </p>
          ) : shownLeaders.length ? (
            <ul className="leader-grid">
              {shownLeaders.map((leader) => (
                <LeaderCard
                  key={leader.id}
                  leader={leader}
                  onContact={(chosen) => {
                    // The office is told the English position; the visitor reads their language's.
                    setRecipient({
                      name: leaderNameInEnglish(chosen),
                      nameLabel: leaderName(chosen),
                      role: chosen.position,
                      roleLabel: localized(chosen, 'position'),
                    });
                  }}
                />
              ))}
            </ul>
          ) : (
            <p className="ministries-status">{t('ministries.leadersEmpty')}</p>
          )}
        </section>

        <section className="get-involved" id="get-involved" aria-labelledby="involved-heading">
          <h2 id="involved-heading">{t('ministries.readyTitle')}</h2>
          <p>{t('ministries.readyText')}</p>
          <ul className="involved-tiles">
            <li>
              <h3>{t('ministries.callUs')}</h3>
              {settings.phone ? (
                <a href={`tel:${settings.phone.replace(/\s+/g, '')}`}>{settings.phone}</a>
              ) : (
                <Link to="/contact">{t('ministries.contactDetails')}</Link>
              )}
            </li>
            <li>
              <h3>{t('ministries.emailUs')}</h3>
              {settings.email ? (
                <a href={`mailto:${settings.email}`}>{settings.email}</a>
              ) : (
                <Link to="/contact">{t('ministries.contactDetails')}</Link>
              )}
            </li>
            <li>
              <h3>{t('ministries.visitUs')}</h3>
              <p>
                {firstService
                  ? t('ministries.visitWhen', {
                      day: scheduleWords(firstService.day),
                      name: serviceName(firstService),
                      time: scheduleWords(firstService.time),
                    })
                  : null}
                {settings.address ? (
                  <>
                    <br />
                    {settings.address}
                  </>
                ) : null}
              </p>
            </li>
          </ul>
          <button
            type="button"
            className="button button-gold"
            onClick={() => {
              setInfo({
                type: 'ministry',
                title: t('ministries.involvedTitle'),
                description: t('ministries.involvedText'),
                meetingTime: firstService ? serviceWhen(firstService, ', ') : undefined,
                leader: settings.pastorName ?? undefined,
                contact: [settings.phone, settings.email].filter(Boolean).join(' · ') || undefined,
              });
            }}
          >
            {t('ministries.learnMore')}
          </button>
        </section>
      </div>

      <InfoModal
        info={info}
        onClose={() => {
          setInfo(null);
        }}
      />
      <ContactLeaderModal
        recipient={recipient}
        onClose={() => {
          setRecipient(null);
        }}
      />
    </div>
  );
}
