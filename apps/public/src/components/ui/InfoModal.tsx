import { Link } from '../../lib/router';
import { useChurchSettings } from '../../lib/settings';
import { Modal } from './Modal';

export type InfoModalContent =
  | {
      type: 'service';
      title: string;
      time: string;
      location?: string;
      duration?: string;
      description?: string;
      activities?: string[];
    }
  | { type: 'ministry'; title: string; description?: string; meetingTime?: string; leader?: string; contact?: string }
  | { type: 'event'; title: string; date: string; time: string; location?: string; description?: string }
  | { type: string; title: string };

export const DEFAULT_SERVICE_LOCATION = 'Main Sanctuary';
export const DEFAULT_SERVICE_DURATION = '1.5 hours';
export const DEFAULT_MEETING_TIME = 'Contact for details';

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
    const location = info.location ?? DEFAULT_SERVICE_LOCATION;
    return (
      <div className="info-modal info-service">
        <dl className="info-details">
          <Detail label="Time" value={info.time} />
          <Detail label="Location" value={location} />
          <Detail label="Duration" value={info.duration ?? DEFAULT_SERVICE_DURATION} />
        </dl>
        {info.description ? <p>{info.description}</p> : null}
        {info.activities?.length ? (
          <>
            <h3>What to expect</h3>
            <ul className="info-activities">
              {info.activities.map((activity) => (
                <li key={activity}>{activity}</li>
              ))}
            </ul>
          </>
        ) : null}
        <div className="info-note">
          <h3>First time visiting?</h3>
          <p>
            You are welcome just as you are. Come a few minutes early: our greeters will meet you at the door, help you
            find a seat and answer any questions. Families with children are welcome, and there is a class for every age
            during Sabbath School.
          </p>
        </div>
        <div className="modal-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              window.alert(
                `Plan Your Visit: we look forward to welcoming you to ${info.title} (${info.time}) at ${location}` +
                  `${settings.address ? `, ${settings.address}` : ''}. Please arrive 10 minutes early; our greeters will help you find your way.`,
              );
            }}
          >
            Plan Your Visit
          </button>
          <button
            type="button"
            className="button button-outline"
            onClick={() => {
              const lines = [
                `Contact ${settings.name}`,
                settings.phone ? `Phone: ${settings.phone}` : null,
                settings.email ? `Email: ${settings.email}` : null,
                settings.address ? `Address: ${settings.address}` : null,
              ].filter(Boolean);
              window.alert(lines.join('\n'));
            }}
          >
            Contact Information
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
          <Detail label="Meeting time" value={info.meetingTime ?? DEFAULT_MEETING_TIME} />
          <Detail label="Leader" value={info.leader} />
          <Detail label="Contact" value={info.contact} />
        </dl>
      </div>
    );
  }

  if (isEvent(info)) {
    return (
      <div className="info-modal info-event">
        <dl className="info-details">
          <Detail label="Date" value={info.date} />
          <Detail label="Time" value={info.time} />
          <Detail label="Location" value={info.location ?? DEFAULT_SERVICE_LOCATION} />
        </dl>
        {info.description ? <p>{info.description}</p> : null}
        <div className="modal-actions">
          <Link to="/contact" className="button" onClick={onClose}>
            Contact the Office
          </Link>
        </div>
      </div>
    );
  }

  return <p className="info-modal">More information coming soon</p>;
}
