import { Link } from 'react-router-dom';
import { church } from '../../config/church';

/** The fixed hero verse (the spec names no text; see README of apps/). */
export const heroVerse = {
  text: 'I was glad when they said unto me, Let us go into the house of the LORD.',
  reference: 'Psalm 122:1',
} as const;

const heroActions = [
  { to: '/about', label: 'Plan Your Visit', short: 'Plan Visit' },
  { to: '/sermons', label: 'Watch Sermons', short: 'Sermons' },
  { to: '/giving', label: 'Give Now', short: 'Give Now' },
] as const;

export function HomePage() {
  return (
    <>
      <title>{`${church.name} | ${church.branch}`}</title>
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">
          {church.name} <span className="hero-branch">{church.branch}</span>
        </h1>
        <figure className="verse hero-verse">
          <blockquote>
            <p>{heroVerse.text}</p>
          </blockquote>
          <figcaption>{heroVerse.reference}</figcaption>
        </figure>
        <div className="hero-actions">
          {heroActions.map((action, index) => (
            <Link key={action.to} to={action.to} className={index === 2 ? 'button button-give' : 'button'}>
              {action.short === action.label ? (
                action.label
              ) : (
                <>
                  <span className="label-long">{action.label}</span>
                  <span className="label-short">{action.short}</span>
                </>
              )}
            </Link>
          ))}
        </div>
      </section>
    </>
  );
}
