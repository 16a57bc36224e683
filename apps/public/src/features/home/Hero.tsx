import { useEffect, useState } from 'react';
import { useDataSaver } from '../../lib/data-saver';
import { Link } from '../../lib/router';
import { useShellSettings } from '../../lib/settings-store';
import { formatNumber, t, type MessageKey } from '../../i18n';
import { bundledHeroImages, HERO_INTERVAL_MS, type HeroSlide } from './hero-images';

/**
 * The fixed hero verse (the spec names no text; see README of apps/), in the active language
 * (Kiswahili: the Union Version), read when shown.
 */
export const heroVerse = {
  get text(): string {
    return t('home.heroVerseText');
  },
  get reference(): string {
    return t('home.heroVerseReference');
  },
};

/** `short` is the phone's label, where it differs. */
const heroActions: { to: string; label: MessageKey; short?: MessageKey }[] = [
  { to: '/about', label: 'home.planYourVisit', short: 'home.planVisitShort' },
  { to: '/sermons', label: 'home.watchSermons', short: 'home.watchSermonsShort' },
  { to: '/giving', label: 'home.giveNow' },
];

/**
 * Home hero: five images rotating every 5 s with a 2.5 s cross-fade (CSS) and dots to jump to
 * one. Only the first image loads with the page; each next one is added a moment before its turn.
 * In data-saver mode (lib/data-saver.ts) only the first image shows, in its smallest size, and
 * nothing rotates.
 */
export function Hero() {
  const church = useShellSettings();
  const saving = useDataSaver();
  const all: HeroSlide[] = church.heroImages?.length ? church.heroImages : bundledHeroImages;
  const slides = saving ? all.slice(0, 1) : all;
  const [active, setActive] = useState(0);
  // Which images are in the DOM (and so downloading): the first, then each one before it shows.
  const [mounted, setMounted] = useState<ReadonlySet<number>>(() => new Set([0]));
  const count = slides.length;
  const current = active % count;

  useEffect(() => {
    if (count < 2) return;
    const next = (current + 1) % count;
    const preload = window.setTimeout(() => {
      setMounted((set) => (set.has(next) ? set : new Set(set).add(next)));
    }, HERO_INTERVAL_MS / 2);
    const timer = window.setTimeout(() => {
      setMounted((set) => (set.has(next) ? set : new Set(set).add(next)));
      setActive(next);
    }, HERO_INTERVAL_MS);
    return () => {
      window.clearTimeout(preload);
      window.clearTimeout(timer);
    };
  }, [current, count]);

  const show = (index: number) => {
    setMounted((set) => (set.has(index) ? set : new Set(set).add(index)));
    setActive(index);
  };

  return (
    <section className="hero" aria-labelledby="hero-heading" data-active-slide={current}>
      <div className="hero-slides" aria-hidden="true">
        {slides.map((slide, index) =>
          mounted.has(index) ? (
            <img
              key={slide.src}
              className={index === current ? 'hero-slide is-active' : 'hero-slide'}
              src={saving ? (slide.small ?? slide.src) : slide.src}
              srcSet={saving ? undefined : slide.srcSet}
              sizes={saving ? undefined : '100vw'}
              alt=""
              width={1280}
              height={720}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'low'}
              decoding="async"
            />
          ) : null,
        )}
      </div>
      <div className="hero-content">
        <h1 id="hero-heading" className={church.known ? undefined : 'text-pending'}>
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
              {action.short ? (
                <>
                  <span className="label-long">{t(action.label)}</span>
                  <span className="label-short">{t(action.short)}</span>
                </>
              ) : (
                t(action.label)
              )}
            </Link>
          ))}
        </div>
        {count > 1 ? (
          <div className="hero-dots" role="group" aria-label={t('home.heroImages')}>
            {slides.map((slide, index) => (
              <button
                key={slide.src}
                type="button"
                className="hero-dot"
                aria-label={t('home.showImage', { number: formatNumber(index + 1) })}
                aria-pressed={index === current}
                onClick={() => {
                  show(index);
                }}
              />
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}
