import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareLink } from './share';

const link = { title: 'Behold, He Cometh', url: 'https://church.example/sermons#sermon-1' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shareLink', () => {
  it('uses the share sheet when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { share, clipboard: { writeText: vi.fn() } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await shareLink(link);
    expect(share).toHaveBeenCalledWith({ title: link.title, text: undefined, url: link.url });
    expect(alert).not.toHaveBeenCalled();
  });

  it('copies the link and says so without a share sheet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await shareLink(link);
    expect(writeText).toHaveBeenCalledWith(link.url);
    expect(alert).toHaveBeenCalledWith('Link copied to clipboard!');
  });

  it('does nothing more when the visitor cancels the share sheet', async () => {
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { share: vi.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError')), clipboard: { writeText } });
    await shareLink(link);
    expect(writeText).not.toHaveBeenCalled();
  });
});
