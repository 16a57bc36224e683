import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { provide, t } from '../../i18n';
import { useDataSaver } from '../../lib/data-saver';
import { parseVideoId, sermonMediaLink, videoEmbedUrl } from './video';
import type { SermonRow } from './api/types';
import { sermons as sermonsTexts } from '../../i18n/en/sermons';

provide(sermonsTexts);

/**
 * The full-screen player (public-site.md §2 Sermons, §4): closed, or open with the chosen
 * sermon; it starts playing at once and closes by its close button, a click on the dark
 * backdrop or Escape. A video link plays in the video service's embedded player; an audio link
 * (the fallback when there is no video) in the browser's own audio player. In data-saver mode
 * nothing starts on its own: the visitor presses play.
 */
export function VideoOverlay({ sermon, onClose }: { sermon: SermonRow | null; onClose: () => void }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const open = sermon !== null;
  const saving = useDataSaver();

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onCloseRef.current();
        return;
      }
      // Keep Tab inside the player: the close button and the player itself.
      const player = closeButton.current?.closest('.player');
      if (event.key !== 'Tab' || !player) return;
      const stops = [...player.querySelectorAll<HTMLElement>('button, iframe, audio, a[href]')];
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !player.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !player.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!sermon) return null;
  const link = sermonMediaLink(sermon);
  const videoId = parseVideoId(link);

  return createPortal(
    <div
      className="player-backdrop"
      data-testid="player-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="player" role="dialog" aria-modal="true" aria-label={t('sermons.playing', { title: sermon.title })}>
        <div className="player-bar">
          <p className="player-title">{sermon.title}</p>
          <button ref={closeButton} type="button" className="player-close" aria-label={t('sermons.closePlayer')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {videoId ? (
          <div className="player-frame">
            <iframe
              src={videoEmbedUrl(videoId, !saving)}
              title={sermon.title}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
            />
          </div>
        ) : link ? (
          <div className="player-audio">
            <p>{sermon.speaker}</p>
            <audio src={link} controls autoPlay={!saving} preload="none">
              <a href={link}>{t('sermons.downloadRecording')}</a>
            </audio>
          </div>
        ) : (
          <p className="player-audio">{t('sermons.notAvailable')}</p>
        )}
      </div>
    </div>,
    document.body,
  );
}
