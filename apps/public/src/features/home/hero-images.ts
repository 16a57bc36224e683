/** The bundled hero images (made by scripts/make-images.py), used unless staff set hero_images. */
export interface HeroSlide {
  src: string;
  srcSet?: string;
  /** The smallest variant, for data-saver mode (bundled images only). */
  small?: string;
  alt: string;
}

const widths = [640, 1280, 1920];

function bundled(index: number, alt: string): HeroSlide {
  const name = `/images/hero-${String(index)}`;
  return {
    src: `${name}-1280.webp`,
    srcSet: widths.map((width) => `${name}-${String(width)}.webp ${String(width)}w`).join(', '),
    small: `${name}-${String(widths[0])}.webp`,
    alt,
  };
}

export const bundledHeroImages: HeroSlide[] = [
  bundled(1, 'A chapel on a hill at sunrise'),
  bundled(2, 'A lit chapel under a starry evening sky'),
  bundled(3, 'A congregation gathered together at sunset'),
  bundled(4, 'An open Bible in warm light'),
  bundled(5, 'A country road leading to a small church'),
];

export const HERO_INTERVAL_MS = 5000;
