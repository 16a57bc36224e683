import { Link } from '../../lib/router';
import { useChurchSettings } from '../../lib/settings';
import { t } from '../../i18n';
import { durationLabel } from '../../lib/relative-date';
import { Modal } from './Modal';

export type InfoModalContent =
  | {
      type: 'service';
      title: string;
      time: string;
      location?: string;
      /** How long it lasts; the church's service length when absent, none shown when null. */
      duration?: string | null;
      description?: string;
      activities?: string[];
    }
  | { type: 'ministry'; title: string; description?: string; meetingTime?: string; leader?: string; contact?: string }
  | { type: 'event'; title: string; date: string; time: string; location?: string; description?: string }
  | { type: string; title: string };

/** The defaults shown when an item names none, in the active language. */
const defaultServiceLocation = (): string => t('layout.mainSanctuary');
const defaultMeetingTime = (): string => t('layout.defaultMeetingTime');

type Service = Extract<InfoModalContent, { type: 'service' }>;
type Ministry = Extract<InfoModalContent, { type: 'ministry' }>;
type EventInfo = Extract<InfoModalContent, { type: 'event' }>;

function isService(info: InfoModalContent): info is Service {
  return info.type === 'service' && 'time' in info;
}
function isMinistry(info: InfoModalContent): info is Ministry {
  return info.type === 'ministry';
}
function isEvent(info: InfoModalContent): info is EventInfo {
  return info.type === 'event' && 'date' in info;
}

/** The information modal (spec: public-site.md §2): service, ministry, event, or "coming soon". */
export function InfoModal({ info, onClose }: { info: InfoModalContent | null; onClose: () => void }) {
  return (
    <Modal open={info !== null} onClose={onClose} title={info?.title ?? ''} size="medium">
      {info ? <InfoBody info={info} onClose={onClose} /> : null}
    </Modal>
  );
}

function Detail({ label, value }: { label: string; value: string | undefined }) {
  if (!value) return null;
  return (
    <div className="info-detail">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function InfoBody({ info, onClose }: { info: InfoModalContent; onClose: () => void }) {
  const settings = useChurchSettings();

  if (isService(info)) {
    const location = info.location ?? defaultServiceLocation();
    return (
      <div className="info-modal info-service">
        <dl className="info-details">
          <Detail label={t('layout.infoTime')} value={info.time} />
          <Detail label={t('layout.infoLocation')} value={location} />
          <Detail
            label={t('layout.infoDuration')}
            value={info.duration === null ? undefined : (info.duration ?? durationLabel(settings.serviceDurationMinutes))}
          />
        </dl>
        {info.description ? <p>{info.description}</p> : null}
        {info.activities?.length ? (
          <>
            <h3>{t('layout.whatToExpect')}</h3>
            <ul className="info-activities">
              {info.activities.map((activity) => (
                <li key={activity}>{activity}</li>
              ))}
            </ul>
          </>
        ) : null}
        <div className="info-note">
          <h3>{t('layout.firstTimeVisiting')}</h3>
          <p>{t('layout.firstTimeText')}</p>
        </div>
        <div className="modal-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              window.alert(
                t('layout.planYourVisitAlert', {
                  title: info.title,
                  time: info.time,
                  location,
                  address: settings.address ? `, ${settings.address}` : '',
                }),
              );
            }}
          >
            {t('layout.planYourVisit')}
          </button>
          <button
            type="button"
            className="button button-outline"
            onClick={() => {
              const lines = [
                t('layout.contactChurch', { name: settings.name }),
                settings.phone ? t('layout.contactPhone', { phone: settings.phone }) : null,
                settings.email ? t('layout.contactEmail', { email: settings.email }) : null,
                settings.address ? t('layout.contactAddress', { address: settings.address }) : null,
              ].filter(Boolean);
              window.alert(lines.join('\n'));
            }}
          >
            {t('layout.contactInformation')}
          </button>
        </div>
      </div>
    );
  }

  if (isMinistry(info)) {
    return (
      <div className="info-modal info-ministry">
        {info.description ? <p>{info.description}</p> : null}
        <dl className="info-details">
          <Detail label={t('layout.infoMeetingTime')} value={info.meetingTime ?? defaultMeetingTime()} />
          <Detail label={t('layout.infoLeader')} value={info.leader} />
          <Detail label={t('layout.infoContact')} value={info.contact} />
        </dl>
      </div>
    );
  }

  if (isEvent(info)) {
    return (
      <div className="info-modal info-event">
        <dl className="info-details">
          <Detail label={t('layout.infoDate')} value={info.date} />
          <Detail label={t('layout.infoTime')} value={info.time} />
          <Detail label={t('layout.infoLocation')} value={info.location ?? defaultServiceLocation()} />
        </dl>
        {info.description ? <p>{info.description}</p> : null}
        <div className="modal-actions">
          <Link to="/contact" className="button" onClick={onClose}>
            {t('layout.contactTheOffice')}
          </Link>
        </div>
      </div>
    );
  }

  return <p className="info-modal">{t('layout.moreInfoSoon')}</p>;
}
