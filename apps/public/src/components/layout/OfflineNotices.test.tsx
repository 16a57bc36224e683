import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_SYNC_KEY, noteAnswer, offlineBannerText, onBackOnline, onWorkerMessage, READ_AGAIN_AFTER_MS, resetOfflineStatus, SAVED_AT_HEADER } from '../../lib/offline-status';
import { enqueue, flushOutbox } from '../../lib/outbox';
import { renderAt } from '../../test/render';
import { OfflineNotices } from './OfflineNotices';

const BANNER = /^You are offline — showing what was saved on/;

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

function goOffline() {
  act(() => {
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
  });
}

/** An answer as the service worker gives it from its saved copy (saved at `at`), or a live one. */
function answer(at?: string): Response {
  return new Response('[]', { status: 200, headers: at ? { [SAVED_AT_HEADER]: at } : {} });
}

function goOnline() {
  act(() => {
    setOnline(true);
    window.dispatchEvent(new Event('online'));
  });
}

/** Renders the notices showing a saved copy offline, with a read-again that gets the saved copy again. */
function showingASavedCopy() {
  const reread = vi.fn(() => {
    noteAnswer('GET', answer('2026-03-08T05:00:00.000Z'));
  });
  const stop = onBackOnline(reread);
  renderAt('/', <OfflineNotices />);
  goOffline();
  act(() => {
    noteAnswer('GET', answer('2026-03-08T05:00:00.000Z'));
  });
  return { reread, stop };
}

/** Every wait of the read-again schedule, end to end. */
const WHOLE_SCHEDULE = READ_AGAIN_AFTER_MS.reduce((a, b) => a + b, 0);

beforeEach(() => {
  localStorage.clear();
  setOnline(true);
  resetOfflineStatus();
});

afterEach(() => {
  localStorage.clear();
});

describe('offlineBannerText', () => {
  it('is null while online and live; names the last sync in en-KE (Nairobi time) otherwise', () => {
    expect(offlineBannerText({ online: true, fromCache: false, lastSync: '2026-03-07T08:05:00.000Z' })).toBeNull();
    expect(offlineBannerText({ online: false, fromCache: false, lastSync: '2026-03-07T08:05:00.000Z' })).toBe(
      'You are offline — showing what was saved on 7 March 2026 at 11:05',
    );
    expect(offlineBannerText({ online: true, fromCache: true, lastSync: '2026-03-07T08:05:00.000Z' })).toBe(
      'You are offline — showing what was saved on 7 March 2026 at 11:05',
    );
    expect(offlineBannerText({ online: false, fromCache: false, lastSync: null })).toBe('You are offline — showing what was saved on this phone');
    // The saved answer's own date comes before the last sync.
    expect(offlineBannerText({ online: true, fromCache: true, savedAt: '2026-03-08T05:00:00.000Z', lastSync: '2026-03-07T08:05:00.000Z' })).toBe(
      'You are offline — showing what was saved on 8 March 2026 at 8:00',
    );
  });
});

describe('OfflineNotices', () => {
  it('shows the banner while the browser is offline, with the date of the last sync', () => {
    localStorage.setItem(LAST_SYNC_KEY, '2026-03-07T08:05:00.000Z');
    resetOfflineStatus();
    renderAt('/', <OfflineNotices />);
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    goOffline();
    expect(screen.getByText('You are offline — showing what was saved on 7 March 2026 at 11:05')).toBeInTheDocument();
    goOnline();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it("decides from the page's own answers: a saved answer shows the banner with its date until a live read answers (issue 41)", () => {
    localStorage.setItem(LAST_SYNC_KEY, '2026-03-01T05:00:00.000Z');
    resetOfflineStatus();
    renderAt('/', <OfflineNotices />);
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    act(() => {
      noteAnswer('GET', answer('2026-03-08T05:00:00.000Z'));
    });
    expect(screen.getByText('You are offline — showing what was saved on 8 March 2026 at 8:00')).toBeInTheDocument();
    // The browser saying online again (Chromium after a navigation made offline) hides nothing,
    // nor does the worker saving another page's reads.
    goOnline();
    act(() => {
      onWorkerMessage({ type: 'kanisa:synced', at: '2026-03-09T05:00:00.000Z' });
    });
    expect(localStorage.getItem(LAST_SYNC_KEY)).toBe('2026-03-09T05:00:00.000Z');
    expect(screen.getByText('You are offline — showing what was saved on 8 March 2026 at 8:00')).toBeInTheDocument();
    // An older saved answer on the same page: the banner names the older date.
    act(() => {
      noteAnswer('GET', answer('2026-03-07T08:05:00.000Z'));
      noteAnswer('GET', answer('2026-03-08T06:00:00.000Z'));
    });
    expect(screen.getByText('You are offline — showing what was saved on 7 March 2026 at 11:05')).toBeInTheDocument();
    // A form sent is not the page's data; a live read is.
    act(() => {
      noteAnswer('POST', answer());
    });
    expect(screen.getByText(BANNER)).toBeInTheDocument();
    act(() => {
      noteAnswer('GET', answer());
    });
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    // Other messages change nothing.
    act(() => {
      onWorkerMessage({ type: 'something-else' });
      onWorkerMessage(null);
    });
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it('holds the banner for a page that is itself the saved copy, whatever the browser says, until a live read (issues 32, 41)', () => {
    localStorage.setItem(LAST_SYNC_KEY, '2026-03-01T05:00:00.000Z');
    resetOfflineStatus();
    renderAt('/', <OfflineNotices />);
    // The browser says online (Chromium after a navigation made offline), the worker says the
    // page came from the copy saved on 7 March.
    act(() => {
      onWorkerMessage({ type: 'kanisa:from-cache', page: true, at: '2026-03-07T08:05:00.000Z' });
    });
    expect(screen.getByText('You are offline — showing what was saved on 7 March 2026 at 11:05')).toBeInTheDocument();
    goOnline();
    expect(screen.getByText(BANNER)).toBeInTheDocument();
    act(() => {
      onWorkerMessage({ type: 'kanisa:synced', at: '2026-03-08T05:00:00.000Z' });
    });
    expect(screen.getByText('You are offline — showing what was saved on 7 March 2026 at 11:05')).toBeInTheDocument();
    // The page's data names the date once an answer gives one (the page itself may be older).
    act(() => {
      noteAnswer('GET', answer('2026-03-08T05:00:00.000Z'));
    });
    expect(screen.getByText('You are offline — showing what was saved on 8 March 2026 at 8:00')).toBeInTheDocument();
    act(() => {
      noteAnswer('GET', answer());
    });
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it('asks for the page to be read again when the connection returns while it shows a saved copy', () => {
    const reread = vi.fn();
    const stop = onBackOnline(reread);
    renderAt('/', <OfflineNotices />);
    goOnline();
    expect(reread).not.toHaveBeenCalled();
    goOffline();
    act(() => {
      noteAnswer('GET', answer('2026-03-08T05:00:00.000Z'));
    });
    goOnline();
    expect(reread).toHaveBeenCalledTimes(1);
    // The banner stays until a live answer comes.
    expect(screen.getByText(BANNER)).toBeInTheDocument();
    act(() => {
      noteAnswer('GET', answer());
    });
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    stop();
  });

  it('reads again while the reads back online still come from the saved copy, and stops once one is live', () => {
    vi.useFakeTimers();
    try {
      const { reread, stop } = showingASavedCopy();
      // "online" before the network reaches the site: the first read again is the saved copy.
      goOnline();
      expect(reread).toHaveBeenCalledTimes(1);
      expect(screen.getByText(BANNER)).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(READ_AGAIN_AFTER_MS[0] ?? 0);
      });
      expect(reread).toHaveBeenCalledTimes(2);
      // Now the network answers: the banner ends and nothing more is read.
      reread.mockImplementation(() => {
        noteAnswer('GET', answer());
      });
      act(() => {
        vi.advanceTimersByTime(READ_AGAIN_AFTER_MS[1] ?? 0);
      });
      expect(reread).toHaveBeenCalledTimes(3);
      expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(WHOLE_SCHEDULE);
      });
      expect(reread).toHaveBeenCalledTimes(3);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops reading again after its last try while the saved copy is all there is, and when offline again', () => {
    vi.useFakeTimers();
    try {
      const { reread, stop } = showingASavedCopy();
      goOnline();
      act(() => {
        vi.advanceTimersByTime(WHOLE_SCHEDULE * 2);
      });
      expect(reread).toHaveBeenCalledTimes(READ_AGAIN_AFTER_MS.length + 1);
      reread.mockClear();
      goOnline();
      expect(reread).toHaveBeenCalledTimes(1);
      goOffline();
      act(() => {
        vi.advanceTimersByTime(WHOLE_SCHEDULE);
      });
      expect(reread).toHaveBeenCalledTimes(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the last sync when no saved answer gave a date (a worker of an earlier version)', () => {
    localStorage.setItem(LAST_SYNC_KEY, '2026-03-07T08:05:00.000Z');
    resetOfflineStatus();
    renderAt('/', <OfflineNotices />);
    act(() => {
      onWorkerMessage({ type: 'kanisa:from-cache' });
    });
    expect(screen.getByText('You are offline — showing what was saved on 7 March 2026 at 11:05')).toBeInTheDocument();
  });

  it('counts the forms waiting on the phone, then says what became of them', async () => {
    enqueue({ key: 'key-aaa-1', endpoint: 'submit-request', body: {}, label: 'prayer request', queuedAt: '2026-03-07T08:00:00Z' });
    renderAt('/', <OfflineNotices />);
    expect(screen.getByText('1 form is saved on your phone. It will be sent when you are back online.')).toBeInTheDocument();
    act(() => {
      enqueue({ key: 'key-bbb-2', endpoint: 'contact-message', body: {}, label: 'message to the church office', queuedAt: '2026-03-07T08:01:00Z' });
    });
    expect(screen.getByText('2 forms are saved on your phone. They will be sent when you are back online.')).toBeInTheDocument();

    await act(() =>
      flushOutbox((item) => Promise.resolve(item.key === 'key-aaa-1' ? { status: 'sent' } : { status: 'refused', message: 'Please enter a subject' })),
    );
    expect(screen.queryByText(/saved on your phone/)).not.toBeInTheDocument();
    expect(screen.getByText('Your saved prayer request has been sent.')).toBeInTheDocument();
    expect(screen.getByText('Your saved message to the church office was not accepted: Please enter a subject')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Your saved/)).not.toBeInTheDocument();
  });
});
