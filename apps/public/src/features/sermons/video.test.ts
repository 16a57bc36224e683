import { describe, expect, it } from 'vitest';
import { cutTitle, parseVideoId, sermonMediaLink, videoEmbedUrl } from './video';

describe('parseVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL123', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=a_b-C1d2E3f', 'a_b-C1d2E3f'],
    ['https://www.youtube.com/live/Xy12_-abCDE?si=tracking', 'Xy12_-abCDE'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  http://www.youtube.com/watch?v=dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('reads the id of %s', (link, id) => {
    expect(parseVideoId(link)).toBe(id);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['not a link'],
    ['https://www.youtube.com/watch?v=short'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQX'],
    ['https://www.youtube.com/watch?v=dQw4w9WgX!Q'],
    ['https://www.youtube.com/watch'],
    ['https://www.youtube.com/channel/UCdQw4w9WgXc'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ/extra'],
    ['https://youtu.be/'],
    ['https://vimeo.com/dQw4w9WgXcQ'],
    ['https://evil.example/watch?v=dQw4w9WgXcQ'],
    ['https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['javascript:alert(1)//youtu.be/dQw4w9WgXcQ'],
    ['https://media.example.org/sermons/2026-11-21-behold-he-cometh.mp3'],
  ])('refuses %s', (link) => {
    expect(parseVideoId(link)).toBeNull();
  });

  it('builds an autoplaying embed link', () => {
    expect(videoEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0&playsinline=1');
  });
});

describe('sermonMediaLink', () => {
  it('plays the video link, falling back to the audio link', () => {
    expect(sermonMediaLink({ video_url: 'https://youtu.be/dQw4w9WgXcQ', audio_url: 'https://a.example/x.mp3' })).toBe(
      'https://youtu.be/dQw4w9WgXcQ',
    );
    expect(sermonMediaLink({ video_url: null, audio_url: 'https://a.example/x.mp3' })).toBe('https://a.example/x.mp3');
    expect(sermonMediaLink({ video_url: '  ', audio_url: 'https://a.example/x.mp3' })).toBe('https://a.example/x.mp3');
    expect(sermonMediaLink({ video_url: null, audio_url: null })).toBeNull();
  });
});

describe('cutTitle', () => {
  it('keeps titles of up to 40 characters', () => {
    const forty = 'A'.repeat(40);
    expect(cutTitle(forty)).toBe(forty);
    expect(cutTitle('Behold, He Cometh')).toBe('Behold, He Cometh');
  });

  it('cuts longer titles at 40 characters', () => {
    expect(cutTitle('B'.repeat(41))).toBe(`${'B'.repeat(40)}...`);
    expect(cutTitle('The Sabbath: A Sign of Love and Rest for the Weary Soul')).toBe(
      'The Sabbath: A Sign of Love and Rest for...',
    );
  });
});
