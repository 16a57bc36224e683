import { useEffect, useState } from 'react';
import { Link } from '../../lib/router';
import { ContactLeaderModal, type LeaderRecipient } from '../../components/ui/ContactLeaderModal';
import { PageTitle } from '../../components/ui/Page';
import { useChurchSettings } from '../../lib/settings';
import { useAboutLeaders, type AboutLeader } from './api/leaders';
import './about.css';

const BELIEFS_URL = 'https://www.adventist.org/beliefs/';

const beliefs = [
  { title: 'The Holy Scriptures', text: 'The Bible is the inspired Word of God, the trustworthy record of His acts in history and the standard of faith and life.' },
  { title: 'The Trinity', text: 'There is one God: Father, Son and Holy Spirit, a unity of three co-eternal Persons.' },
  { title: 'Salvation in Christ', text: 'By His life, death and resurrection Jesus Christ provides the only means of salvation, received by faith.' },
  { title: 'The Sabbath', text: 'The seventh day of the week, from Friday sunset to Saturday sunset, is God\'s holy day of rest, worship and service.' },
  { title: 'The Second Coming', text: 'The return of Christ is the blessed hope of the church: personal, visible and worldwide.' },
  { title: 'Healthful Living', text: 'Our bodies are temples of the Holy Spirit; we care for them with wholesome food, rest and temperance.' },
];

const timeline = (founded: number, now: number) => [
  { year: String(founded), title: 'Foundation', text: 'A small group of believers began meeting for Sabbath worship and Bible study in a rented classroom.' },
  { year: `${String(Math.floor((founded + 10) / 10) * 10)}s`, title: 'Expansion', text: 'The congregation grew quickly through evangelism, and the first sanctuary was built by its members.' },
  { year: '2000s', title: 'Modernization', text: 'A larger sanctuary, a children\'s wing and a sound system for the growing family of believers.' },
  { year: '2010s', title: 'Multiplication', text: 'Members planted daughter churches in the surrounding neighbourhoods and villages.' },
  { year: String(now), title: 'Today', text: 'A welcoming church family, serving the town through worship, education, health and outreach.' },
];

/** Four more elders shown on the page (spec §2 About), each with a working contact form (spec README point 5). */
export const fixedElders: { name: string; position: string; specialties: string[] }[] = [
  { name: 'Elder John Mwita', position: 'Elder, Sabbath School', specialties: ['Bible Teaching', 'Sabbath School'] },
  { name: 'Elder Agnes Wanjiru', position: 'Elder, Family Life', specialties: ['Family Life', 'Counseling'] },
  { name: 'Elder Samuel Kiprono', position: 'Elder, Evangelism', specialties: ['Evangelism', 'Visitation'] },
  { name: 'Elder Naomi Achieng', position: 'Elder, Prayer Ministry', specialties: ['Prayer Ministry', 'Women\'s Ministry'] },
];

const categoryTitles: Record<string, string> = {
  pastoral: 'Pastoral Team',
  elder: 'Church Elders',
  officer: 'Church Officers',
};

function initials(name: string): string {
  return name
    .replace(/^(Pr\.|Dr\.|Elder)\s+/i, '')
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

function LeaderCard({
  name,
  position,
  bio,
  specialties,
  onContact,
}: {
  name: string;
  position: string;
  bio?: string | null;
  specialties: string[];
  onContact: () => void;
}) {
  const tags = specialties.length ? specialties : ['Church Leadership', 'Service'];
  return (
    <article className="card leader-card">
      <div className="leader-head">
        <span className="avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <div>
          <h4>{name}</h4>
          <p className="leader-position">{position}</p>
        </div>
      </div>
      {bio ? <p className="clamp-3">{bio}</p> : null}
      <ul className="chips" aria-label="Specialties">
        {tags.map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
      </ul>
      <button type="button" className="button button-outline" onClick={onContact}>
        Contact<span className="visually-hidden"> {name}</span>
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
      <h2 id="leadership-heading">Our Leadership</h2>
      <p className="lead">Men and women who serve this congregation with faithfulness and love. Reach any of them through the contact button.</p>
      {isPending ? (
        <p className="status-message" role="status">
          Loading church leadership...
        </p>
      ) : (
        groups.map((group) =>
          group.leaders.length || group.category === 'elder' ? (
            <div key={group.category} className="leader-group">
              <h3>{categoryTitles[group.category]}</h3>
              <div className="card-grid">
                {group.leaders.map((leader) => (
                  <LeaderCard
                    key={leader.id}
                    name={leader.name}
                    position={leader.position}
                    bio={leader.bio}
                    specialties={leader.specialties}
                    onContact={() => {
                      setRecipient({ name: leader.name, role: leader.position });
                    }}
                  />
                ))}
                {group.category === 'elder'
                  ? fixedElders.map((elder) => (
                      <LeaderCard
                        key={elder.name}
                        name={elder.name}
                        position={elder.position}
                        specialties={elder.specialties}
                        onContact={() => {
                          setRecipient({ name: elder.name, role: elder.position });
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
      <PageTitle title="About" />
      <div className="page-hero">
        <h1>About Our Church</h1>
        <p>
          {settings.name}
          {settings.branch ? `, ${settings.branch}` : ''}: a family of believers growing in Christ and serving our community since{' '}
          {stats.foundedYear}.
        </p>
      </div>

      <section className="section" aria-labelledby="mission-heading">
        <h2 id="mission-heading">Our Mission &amp; Vision</h2>
        <div className="card-grid two-up">
          <article className="card">
            <h3>Our Mission</h3>
            <p>
              To make disciples of Jesus Christ who live as His loving witnesses and proclaim to all people the everlasting
              gospel, preparing the world for His soon return.
            </p>
          </article>
          <article className="card">
            <h3>Our Vision</h3>
            <p>
              A church where everyone is welcomed, every member grows in faith and every gift is used to serve our town and
              beyond, in keeping with God&apos;s word.
            </p>
          </article>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="heritage-heading">
        <h2 id="heritage-heading">Our Heritage</h2>
        <ol className="timeline">
          {timeline(stats.foundedYear, currentYear).map((entry) => (
            <li key={entry.year}>
              <span className="timeline-year">{entry.year}</span>
              <div>
                <h3>{entry.title}</h3>
                <p>{entry.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="section" aria-labelledby="stats-heading">
        <h2 id="stats-heading">Church Statistics</h2>
        <dl className="stats">
          <div>
            <dt>Members</dt>
            <dd>{stats.members}</dd>
          </div>
          <div>
            <dt>Years of ministry</dt>
            <dd>{stats.years}</dd>
          </div>
          <div>
            <dt>Ministries</dt>
            <dd>{stats.ministries}</dd>
          </div>
          <div>
            <dt>Daughter churches</dt>
            <dd>{stats.daughterChurches}</dd>
          </div>
        </dl>
        <p className="stats-note">
          Founded in {stats.foundedYear} with {stats.foundingMembers} members.
        </p>
      </section>

      <section className="section section-soft" aria-labelledby="beliefs-heading">
        <h2 id="beliefs-heading">What We Believe</h2>
        <div className="card-grid">
          {beliefs.map((belief) => (
            <article key={belief.title} className="card belief-card">
              <h3>{belief.title}</h3>
              <p>{belief.text}</p>
            </article>
          ))}
        </div>
        <p className="section-link">
          <a href={BELIEFS_URL} target="_blank" rel="noopener noreferrer" className="button">
            Read all our beliefs<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </section>

      <Leadership />

      <section className="section section-soft" aria-labelledby="join-heading">
        <h2 id="join-heading">Join Our Leadership Team</h2>
        <p className="lead">
          God has given every member gifts for service. If you feel called to serve in a ministry or department, talk to
          us: there is a place for you.
        </p>
        <div className="link-buttons">
          <Link to="/ministries" className="button">
            Explore Ministries
          </Link>
          <Link to="/contact" className="button button-outline">
            Contact Us
          </Link>
        </div>
      </section>

      <section className="section come-and-see" aria-labelledby="come-heading">
        <h2 id="come-heading">Come and See</h2>
        <p className="lead">
          Worship with us this Sabbath. Sabbath School starts at{' '}
          {settings.serviceTimes[0]?.time ?? '9:00 AM'} and the Divine Service at {settings.serviceTimes[1]?.time ?? '11:00 AM'}.
        </p>
        <div className="link-buttons">
          <Link to="/events" className="button">
            See Our Events
          </Link>
          <Link to="/contact" className="button button-outline">
            Plan Your Visit
          </Link>
        </div>
      </section>
    </div>
  );
}
