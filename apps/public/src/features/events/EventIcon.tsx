/**
 * The event-type icons: a few stroke drawings inline (no icon font or emoji font needed, so
 * they look the same on every phone). Names come from event-display.ts.
 */
const PATHS: Record<string, string> = {
  calendar: 'M4 6h16v14H4z M4 10h16 M8 3v4 M16 3v4',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  book: 'M12 6c-2-1.5-5-2-8-2v14c3 0 6 .5 8 2 2-1.5 5-2 8-2V4c-3 0-6 .5-8 2z M12 6v14',
  music: 'M9 18V5l10-2v13 M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0z M19 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M2 21v-1a7 7 0 0 1 14 0v1 M16 3.5a4 4 0 0 1 0 7.5 M18 14a6 6 0 0 1 4 6v1',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
  cup: 'M7 3h10l-1 7a4 4 0 0 1-8 0z M12 14v6 M8 21h8',
  leaf: 'M5 19c0-9 6-14 15-14 0 9-5 15-14 15 M5 19l8-8',
  megaphone: 'M3 10v4h4l8 5V5l-8 5z M18 9a4 4 0 0 1 0 6',
  tent: 'M12 3L2 21h20z M8 21l4-7 4 7',
  home: 'M3 11l9-8 9 8 M5 10v10h14V10 M10 20v-6h4v6',
  flame: 'M12 21c4 0 7-2.5 7-6.5 0-4-3-6.5-4-10.5-2 2-3 4-3 6-1-1-2-2-2-4-2 2-5 5-5 8.5C5 18.5 8 21 12 21z',
  cap: 'M2 9l10-5 10 5-10 5z M6 11v5c3 2 9 2 12 0v-5',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M3 12h18 M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  tools: 'M4 20l7-7 M14 4a4 4 0 0 0 5 5l-4 4-5-5z M3 7l4-4 3 3-4 4z',
};

export function EventIcon({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name] ?? PATHS.calendar} />
    </svg>
  );
}
