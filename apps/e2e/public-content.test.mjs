// Browser tests of the public content pages (issue 7: Sermons, Events, Ministries, Church
// Departments) against a real server with demo data. Acceptance 1 (behaviour), 2 (axe) and 5
// (screenshots public-<route>-375.png / -1280.png in e2e/artifacts/).
//
//   source /tmp/kanisa-dev-<port>.env && node --test --test-concurrency=1 e2e/public-content.test.mjs
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, baseUrl, openPage, screenshot, shown, useBrowser, viewports } from './lib/browser.mjs';
import { churchToday, churchYear } from './lib/church-time.mjs';
import { cleanupList } from './lib/cleanup.mjs';
import { serviceGet, serviceWrite } from './lib/rest.mjs';

useBrowser();

const cleanup = cleanupList();
const run = Date.now().toString(36);

/** @typedef {{ __opened: string[]; __copied: string[]; __shared: ShareData[] }} Recorded  what the stubs below record in the page */
/** @typedef {import('playwright-core').Page} Page */

/** @param {unknown} body */
const json = (body) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
const serverError = { status: 500, contentType: 'application/json', body: '{"code":"XX000","message":"test failure"}' };

/**
 * Records window.open calls instead of opening windows.
 * @param {Page} page
 */
async function recordWindowOpen(page) {
  await page.addInitScript(() => {
    const recorded = /** @type {Recorded} */ (/** @type {unknown} */ (window));
    recorded.__opened = [];
    window.open = (url) => {
      recorded.__opened.push(String(url));
      return null;
    };
  });
}

/**
 * The URLs window.open was given.
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
function openedUrls(page) {
  return page.evaluate(() => (/** @type {Recorded} */ (/** @type {unknown} */ (window))).__opened);
}

describe('Events', () => {
  test('quarter tabs: the current year opens on the current quarter, and switching changes the list', async () => {
    // Real time: the demo's calendar follows the day it was loaded. One event of this test's own
    // in this quarter and one in another quarter of this year, and the counts from the API.
    const now = new Date();
    const year = churchYear(now);
    const month = Number(churchToday(now).slice(5, 7));
    const quarter = Math.ceil(month / 3);
    const other = quarter === 1 ? 2 : quarter - 1;
    /** The middle of quarter `q` of this year, 10:00 in Nairobi. */
    const middle = (/** @type {number} */ q) => `${String(year)}-${String(q * 3 - 1).padStart(2, '0')}-15T10:00:00+03:00`;
    const mine = { [quarter]: `Quarter Vespers ${run}`, [other]: `Other Quarter Vespers ${run}` };
    for (const [q, title] of [[quarter, mine[quarter]], [other, mine[other]]]) {
      const rows = /** @type {{ id: string }[]} */ (
        await serviceWrite('POST', 'events', {
          title,
          start_date: middle(Number(q)),
          location: 'Main Sanctuary',
          event_type: 'Prayer Event',
          is_published: true,
        })
      );
      const id = rows[0]?.id;
      assert.ok(id);
      cleanup.push(() => serviceWrite('DELETE', `events?id=eq.${id}`));
    }
    /** Published events starting in quarter `q` of this year, as the API counts them. */
    const inQuarter = async (/** @type {number} */ q) => {
      const from = `${String(year)}-${String(q * 3 - 2).padStart(2, '0')}-01T00:00:00+03:00`;
      const to = q === 4 ? `${String(year + 1)}-01-01T00:00:00+03:00` : `${String(year)}-${String(q * 3 + 1).padStart(2, '0')}-01T00:00:00+03:00`;
      const rows = await serviceGet(
        `events?select=id&is_published=eq.true&start_date=gte.${encodeURIComponent(from)}&start_date=lt.${encodeURIComponent(to)}`,
      );
      return rows.length;
    };
    const { page, problems, close } = await openPage(viewports.desktop);
    try {
      await page.goto(`${baseUrl}/events`);
      await page.getByRole('heading', { name: `Events in ${String(year)}` }).waitFor();
      const grid = page.getByTestId('event-grid');
      const tab = (/** @type {number} */ q) => page.getByRole('tab', { name: new RegExp(`Q${String(q)}`) });
      assert.equal(await tab(quarter).getAttribute('aria-selected'), 'true');
      assert.equal(await tab(other).getAttribute('aria-selected'), 'false');
      await grid.getByRole('heading', { name: mine[quarter], exact: true }).waitFor();
      assert.equal(await grid.getByRole('heading', { name: mine[other], exact: true }).count(), 0);
      assert.equal(await grid.locator('.calendar-card').count(), await inQuarter(quarter));

      await tab(other).click();
      assert.equal(await tab(other).getAttribute('aria-selected'), 'true');
      await grid.getByRole('heading', { name: mine[other], exact: true }).waitFor();
      assert.equal(await grid.getByRole('heading', { name: mine[quarter], exact: true }).count(), 0);
      assert.equal(await grid.locator('.calendar-card').count(), await inQuarter(other));

      // Arrow keys move between the tabs too.
      await tab(Math.min(quarter, other)).click();
      await tab(Math.min(quarter, other)).press('ArrowRight');
      assert.equal(await tab(Math.min(quarter, other) + 1).getAttribute('aria-selected'), 'true');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('today (no fake clock): the real current year and quarter from the database', async () => {
    const { page, problems, close } = await openPage(viewports.desktop);
    try {
      const year = churchYear();
      const month = Number(churchToday().slice(5, 7));
      await page.goto(`${baseUrl}/events`);
      await page.getByRole('heading', { name: `Events in ${String(year)}` }).waitFor();
      const quarter = Math.ceil(month / 3);
      assert.equal(await page.getByRole('tab', { name: new RegExp(`Q${String(quarter)}`) }).getAttribute('aria-selected'), 'true');
      await page.locator('#quarter-panel').getByText(/Loading events/).waitFor({ state: 'detached' });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  /** @type {[string, { width: number; height: number }, number][]} */
  const layouts = [
    ['375 px', { width: 375, height: 800 }, 1],
    ['800 px', { width: 800, height: 900 }, 2],
    ['1200 px', viewports.wide, 3],
  ];
  for (const [name, viewport, columns] of layouts) {
    test(`the event grid has ${String(columns)} column(s) at ${name}`, async () => {
      const { page, problems, close } = await openPage(viewport);
      try {
        await page.goto(`${baseUrl}/events`);
        const grid = page.getByTestId('event-grid');
        await grid.locator('.calendar-card').first().waitFor();
        const template = await grid.evaluate((node) => getComputedStyle(node).gridTemplateColumns);
        assert.equal(template.split(' ').length, columns, template);
        const lefts = await grid.locator('.calendar-card').evaluateAll((cards) => cards.slice(0, 6).map((card) => Math.round(card.getBoundingClientRect().left)));
        assert.equal(new Set(lefts).size, columns, `card x positions ${lefts.join(', ')}`);
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    });
  }

  test('calendar export: OK opens Google, Cancel opens Outlook, with title, times, details and location', async () => {
    const { page, problems, close } = await openPage(viewports.desktop, { clock: new Date('2026-11-22T10:00:00+03:00') });
    try {
      await recordWindowOpen(page);
      await page.route(/\/rest\/v1\/events\?/, (route) =>
        route.fulfill(
          json([
            {
              id: 'e3',
              title: 'Day of Prayer',
              description: 'Prayer & fasting for the nation.',
              start_date: '2026-12-05T00:00:00+03:00',
              end_date: null,
              location: 'Main Sanctuary',
              event_type: 'Prayer Event',
              category: 'prayer',
              department: null,
              attendees: null,
            },
            {
              id: 'e2',
              title: 'Evening Vespers',
              description: 'Songs and a short devotional.',
              // The same start and end: the time text is a single 12-hour time.
              start_date: '2026-11-27T18:30:00+03:00',
              end_date: '2026-11-27T18:30:00+03:00',
              location: 'Youth Hall',
              event_type: 'Youth Program',
              category: 'youth',
              department: null,
              attendees: null,
            },
            {
              id: 'e1',
              title: 'Health Seminar',
              description: null,
              start_date: '2026-11-24T09:00:00+03:00',
              end_date: '2026-11-24T13:00:00+03:00',
              location: null,
              event_type: 'Bowling Night',
              category: null,
              department: null,
              attendees: null,
            },
          ]),
        ),
      );
      await page.goto(`${baseUrl}/events`);
      const grid = page.getByTestId('event-grid');
      await grid.locator('.calendar-card').first().waitFor();

      // Display defaults and relative dates (now: Sunday 22 November 2026).
      const seminar = grid.locator('.calendar-card', { hasText: 'Health Seminar' });
      assert.match(await seminar.innerText(), /This Tuesday/);
      assert.match(await seminar.innerText(), /9:00 AM - 1:00 PM/);
      assert.match(await seminar.innerText(), /Main Sanctuary/);
      assert.match(await seminar.innerText(), /All members welcome/);
      assert.match(await seminar.innerText(), /Join us for this special event/);
      const prayer = grid.locator('.calendar-card', { hasText: 'Day of Prayer' });
      assert.match(await prayer.innerText(), /All Day/);
      assert.match(await prayer.innerText(), /Next Saturday/);
      assert.match(await grid.locator('.calendar-card', { hasText: 'Evening Vespers' }).innerText(), /This Friday/);

      /** @type {string[]} */
      const dialogs = [];
      let answer = true;
      page.on('dialog', (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void (answer ? dialog.accept() : dialog.dismiss());
      });

      // Google (OK): a 12-hour time without a later end lasts 2 hours.
      await page.getByRole('button', { name: 'Add to Calendar: Evening Vespers' }).click();
      await page.waitForFunction(() => (/** @type {Recorded} */ (/** @type {unknown} */ (window))).__opened.length === 1);
      const google = new URL((await openedUrls(page))[0] ?? '');
      assert.equal(google.origin + google.pathname, 'https://calendar.google.com/calendar/render');
      assert.equal(google.searchParams.get('action'), 'TEMPLATE');
      assert.equal(google.searchParams.get('text'), 'Evening Vespers');
      assert.equal(google.searchParams.get('dates'), '20261127T153000Z/20261127T173000Z');
      assert.equal(google.searchParams.get('details'), 'Songs and a short devotional.');
      assert.equal(google.searchParams.get('location'), 'Youth Hall');
      assert.match(dialogs[0] ?? '', /^confirm: .*Evening Vespers.*OK: Google Calendar.*Cancel: Outlook/s);

      // Google, a range: start and end as shown.
      await page.getByRole('button', { name: 'Add to Calendar: Health Seminar' }).click();
      await page.waitForFunction(() => (/** @type {Recorded} */ (/** @type {unknown} */ (window))).__opened.length === 2);
      const range = new URL((await openedUrls(page))[1] ?? '');
      assert.equal(range.searchParams.get('dates'), '20261124T060000Z/20261124T100000Z');
      assert.equal(range.searchParams.get('location'), 'Main Sanctuary');
      assert.equal(range.searchParams.get('details'), 'Join us for this special event');

      // Outlook (Cancel): All Day ends the next day.
      answer = false;
      await page.getByRole('button', { name: 'Add to Calendar: Day of Prayer' }).click();
      await page.waitForFunction(() => (/** @type {Recorded} */ (/** @type {unknown} */ (window))).__opened.length === 3);
      const outlook = new URL((await openedUrls(page))[2] ?? '');
      assert.equal(outlook.origin + outlook.pathname, 'https://outlook.live.com/calendar/0/deeplink/compose');
      assert.equal(outlook.searchParams.get('subject'), 'Day of Prayer');
      assert.equal(outlook.searchParams.get('startdt'), '2026-12-05');
      assert.equal(outlook.searchParams.get('enddt'), '2026-12-06');
      assert.equal(outlook.searchParams.get('allday'), 'true');
      assert.equal(outlook.searchParams.get('body'), 'Prayer & fasting for the nation.');
      assert.equal(outlook.searchParams.get('location'), 'Main Sanctuary');

      // Outlook with a time: UTC instants.
      await page.getByRole('button', { name: 'Add to Calendar: Evening Vespers' }).click();
      await page.waitForFunction(() => (/** @type {Recorded} */ (/** @type {unknown} */ (window))).__opened.length === 4);
      const outlookTimed = new URL((await openedUrls(page))[3] ?? '');
      assert.equal(outlookTimed.searchParams.get('startdt'), '2026-11-27T15:30:00Z');
      assert.equal(outlookTimed.searchParams.get('enddt'), '2026-11-27T17:30:00Z');
      assert.equal(outlookTimed.searchParams.get('allday'), null);

      // The event details modal.
      await page.getByRole('button', { name: 'Details: Day of Prayer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Day of Prayer' });
      await dialog.waitFor();
      assert.match(await dialog.innerText(), /Saturday, 5 December 2026/);
      assert.match(await dialog.innerText(), /All Day/);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Details: Day of Prayer');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('Weekly Activities come from the weekly_activities setting', async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    try {
      await page.goto(`${baseUrl}/events`);
      const weekly = page.locator('section', { has: page.getByRole('heading', { name: 'Weekly Activities' }) });
      await weekly.getByText('AY Programme').waitFor();
      assert.deepEqual(await weekly.getByRole('heading', { level: 3 }).allInnerTexts(), ['Saturday', 'Wednesday', 'Friday', 'Sunday']);
      await weekly.getByText('Pathfinder Club').waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});

describe('Sermons', () => {
  const longSermon = {
    id: 's2',
    title: 'A Very Long Sermon Title That Goes On Beyond Forty Characters',
    description: 'Hebrews 11.',
    speaker: 'Pr. Samuel Langat',
    sermon_date: '2026-11-21',
    audio_url: null,
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    notes_url: null,
    series: null,
    tags: [],
  };
  const videoSermons = [
    longSermon,
    {
      id: 's1',
      title: 'Faith That Works',
      description: null,
      speaker: ' ',
      sermon_date: '2026-11-14',
      audio_url: null,
      video_url: 'https://youtu.be/a_b-C1d2E3f',
      notes_url: null,
      series: 'Abide in Christ',
      tags: [],
    },
    {
      id: 's0',
      title: 'Short Title',
      description: null,
      speaker: 'Elder Peter Kamau',
      sermon_date: '2026-11-07',
      audio_url: null,
      video_url: 'https://www.youtube.com/shorts/Xy12_-abCDE',
      notes_url: null,
      series: 'Abide in Christ',
      tags: [],
    },
    {
      id: 's-1',
      title: 'Older Message',
      description: null,
      speaker: 'Elder Peter Kamau',
      sermon_date: '2026-10-31',
      audio_url: null,
      video_url: 'https://www.youtube.com/live/Xy12_-abCDE',
      notes_url: null,
      series: 'Abide in Christ',
      tags: [],
    },
  ];

  /**
   * Serves the sermons above and stands in for the video service (no outside network in tests).
   * @param {Page} page
   */
  async function withVideoSermons(page) {
    await page.route(/\/rest\/v1\/sermons\?/, (route) => route.fulfill(json(videoSermons)));
    await page.route(/^https:\/\/(www\.youtube-nocookie\.com|i\.ytimg\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
  }

  test('featured, LIVE badges on the first two recent sermons, titles cut at 40, display defaults, series progress', async () => {
    const { page, problems, close } = await openPage(viewports.desktop);
    try {
      await page.route(/\/rest\/v1\/sermons\?/, (route) => route.fulfill(json(videoSermons)));
      await page.route(/^https:\/\/(www\.youtube-nocookie\.com|i\.ytimg\.com)\//, (route) => route.fulfill({ status: 200, contentType: 'image/jpeg', body: '' }));
      await page.goto(`${baseUrl}/sermons`);
      await page.getByRole('heading', { name: 'Recent Sermons' }).waitFor();
      // The featured sermon keeps its whole title.
      await page.getByRole('heading', { level: 2, name: longSermon.title }).waitFor();
      const cards = page.getByTestId('recent-sermons').locator('.sermon-card');
      assert.equal(await cards.count(), 3);
      assert.equal(await cards.nth(0).locator('.live-badge').innerText(), 'LIVE');
      assert.equal(await cards.nth(1).locator('.live-badge').innerText(), 'LIVE');
      assert.equal(await cards.nth(2).locator('.live-badge').count(), 0);
      // Display defaults: speaker 'Guest Speaker', series 'Sermon'.
      assert.match(await cards.nth(0).innerText(), /Guest Speaker/);
      assert.match(await page.locator('.featured-sermon').innerText(), /Sermon/);

      const series = page.locator('.series-card', { hasText: 'Prophecy Speaks Today' });
      assert.match(await series.innerText(), /Message 5 of 8/);
      assert.equal(await series.locator('progress').getAttribute('value'), '5');
      assert.equal(await series.locator('progress').getAttribute('max'), '8');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('a title over 40 characters is cut on its card', async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    try {
      const long = { ...longSermon, id: 'long', sermon_date: '2026-01-01' };
      await page.route(/\/rest\/v1\/sermons\?/, (route) => route.fulfill(json([videoSermons[1], long])));
      await page.route(/^https:\/\/i\.ytimg\.com\//, (route) => route.fulfill({ status: 200, contentType: 'image/jpeg', body: '' }));
      await page.goto(`${baseUrl}/sermons`);
      const card = page.getByTestId('recent-sermons').locator('.sermon-card').first();
      await card.waitFor();
      assert.equal(await card.locator('h3').innerText(), 'A Very Long Sermon Title That Goes On Be...');
      assert.equal(await card.locator('h3').getAttribute('title'), long.title);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('the video overlay autoplays the embed and closes by its button and by the backdrop', async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    try {
      await withVideoSermons(page);
      await page.goto(`${baseUrl}/sermons`);
      const watch = page.getByRole('button', { name: 'Watch: Faith That Works' });
      await watch.click();
      const backdrop = page.getByTestId('player-backdrop');
      await backdrop.waitFor();
      const src = await backdrop.locator('iframe').getAttribute('src');
      assert.equal(src, 'https://www.youtube-nocookie.com/embed/a_b-C1d2E3f?autoplay=1&rel=0&playsinline=1');
      assert.match((await backdrop.locator('iframe').getAttribute('allow')) ?? '', /autoplay/);
      assert.equal(await page.evaluate(() => document.body.style.overflow), 'hidden');

      await page.getByRole('button', { name: 'Close player' }).click();
      await backdrop.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Watch: Faith That Works');
      assert.notEqual(await page.evaluate(() => document.body.style.overflow), 'hidden');

      // A shorts link; closed by a click on the backdrop (outside the player).
      await page.getByRole('button', { name: 'Watch: Short Title' }).click();
      await backdrop.waitFor();
      assert.match((await backdrop.locator('iframe').getAttribute('src')) ?? '', /\/embed\/Xy12_-abCDE\?autoplay=1/);
      await backdrop.click({ position: { x: 5, y: 5 } });
      await backdrop.waitFor({ state: 'detached' });

      // A click on the player itself does not close it; Escape does.
      await page.getByRole('button', { name: `Watch: ${longSermon.title}` }).click();
      await backdrop.waitFor();
      await page.locator('.player-bar').click();
      assert.equal(await backdrop.count(), 1);
      await page.keyboard.press('Escape');
      await backdrop.waitFor({ state: 'detached' });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('share without a share sheet copies the link and says "Link copied to clipboard!"', async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    try {
      await page.addInitScript(() => {
        // @ts-expect-error -- removing the share sheet on purpose
        delete Navigator.prototype.share;
        const recorded = /** @type {Recorded} */ (/** @type {unknown} */ (window));
        recorded.__copied = [];
        Object.defineProperty(navigator, 'clipboard', {
          value: {
            /** @param {string} text */
            writeText: (text) => {
              recorded.__copied.push(text);
              return Promise.resolve();
            },
          },
        });
      });
      /** @type {string[]} */
      const alerts = [];
      page.on('dialog', (dialog) => {
        alerts.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.accept();
      });
      await page.goto(`${baseUrl}/sermons`);
      // Demo sermons have no video: the link is this page, pointing at the sermon.
      await page.getByRole('button', { name: 'Share: Behold, He Cometh' }).click();
      await page.waitForFunction(() => (/** @type {Recorded} */ (/** @type {unknown} */ (window))).__copied.length === 1);
      assert.deepEqual(await page.evaluate(() => (/** @type {Recorded} */ (/** @type {unknown} */ (window))).__copied), [`${baseUrl}/sermons#sermon-00000000-0000-4000-8000-005000000012`]);
      for (let tries = 0; tries < 100 && alerts.length === 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(alerts, ['alert: Link copied to clipboard!']);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('share uses the share sheet when there is one (a video shares its short link)', async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    try {
      await withVideoSermons(page);
      await page.addInitScript(() => {
        const recorded = /** @type {Recorded} */ (/** @type {unknown} */ (window));
        recorded.__shared = [];
        /** @param {ShareData} [data] */
        Navigator.prototype.share = function share(data) {
          recorded.__shared.push(data ?? {});
          return Promise.resolve();
        };
      });
      let dialogs = 0;
      page.on('dialog', (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
      await page.goto(`${baseUrl}/sermons`);
      await page.getByRole('button', { name: 'Share: Faith That Works' }).click();
      await page.waitForFunction(() => (/** @type {Recorded} */ (/** @type {unknown} */ (window))).__shared.length === 1);
      const [shared = {}] = await page.evaluate(() => (/** @type {Recorded} */ (/** @type {unknown} */ (window))).__shared);
      assert.equal(shared.url, 'https://youtu.be/a_b-C1d2E3f');
      assert.equal(shared.title, 'Faith That Works');
      assert.equal(dialogs, 0);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('a shared link to one sermon shows it, even beyond the first six', async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    try {
      // The oldest of the twelve demo sermons.
      await page.goto(`${baseUrl}/sermons#sermon-00000000-0000-4000-8000-005000000001`);
      const card = page.locator('#sermon-00000000-0000-4000-8000-005000000001');
      await card.waitFor();
      assert.match(await card.innerText(), /The Vine and the Branches/);
      await page.waitForFunction(() => {
        const box = document.getElementById('sermon-00000000-0000-4000-8000-005000000001')?.getBoundingClientRect();
        return box !== undefined && box.top < window.innerHeight && box.bottom > 0;
      });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('the demo sermons play their audio link (no video) in the overlay', async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    try {
      await page.route(/^https:\/\/media\.example\.org\//, (route) => route.fulfill({ status: 200, contentType: 'audio/mpeg', body: '' }));
      await page.goto(`${baseUrl}/sermons`);
      await page.getByRole('button', { name: 'Listen: Behold, He Cometh' }).click();
      const audio = page.getByTestId('player-backdrop').locator('audio');
      await audio.waitFor({ state: 'attached' });
      // The demo's file names carry the sermon's date, which follows the day it was loaded.
      const [sermon] = /** @type {{ audio_url: string }[]} */ (
        await serviceGet(`sermons?select=audio_url&title=eq.${encodeURIComponent('Behold, He Cometh')}`)
      );
      assert.match(sermon?.audio_url ?? '', /^https:\/\/media\.example\.org\/sermons\/\d{4}-\d{2}-\d{2}-behold-he-cometh\.mp3$/);
      assert.equal(await audio.getAttribute('src'), sermon?.audio_url);
      await page.getByRole('button', { name: 'Close player' }).click();
      assert.deepEqual(problems.filter((p) => !p.includes('media.example.org')), []);
    } finally {
      await close();
    }
  });
});

describe('sample data when the API fails', () => {
  /** @param {string} url */
  const failing = (url) => /\/rest\/v1\/(sermons|sermon_series|events)\?/.test(url);

  test('sermons: the sample sermons and series stay, with a visible note', async () => {
    const { page, problems, close } = await openPage(viewports.phone, { expectedFailure: failing });
    try {
      await page.route(/\/rest\/v1\/(sermons|sermon_series)\?/, (route) => route.fulfill(serverError));
      await page.goto(`${baseUrl}/sermons`);
      await page.getByText('We could not load the latest sermons just now').waitFor();
      // Sample ids, not the database's.
      await page.locator('#sermon-sample-sermon-12').waitFor();
      assert.equal(await page.getByTestId('recent-sermons').locator('.sermon-card').count(), 6);
      assert.equal(await page.locator('.series-card').count(), 3);
      assert.match(await page.locator('#sermon-sample-sermon-12').innerText(), /Behold, He Cometh/);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('events: the sample calendar, moved into the current year', async () => {
    const { page, problems, close } = await openPage(viewports.desktop, {
      expectedFailure: failing,
      clock: new Date('2026-11-22T10:00:00+03:00'),
    });
    try {
      await page.route(/\/rest\/v1\/events\?/, (route) => route.fulfill(serverError));
      await page.goto(`${baseUrl}/events`);
      await page.getByText('We could not load the latest events just now').waitFor();
      const grid = page.getByTestId('event-grid');
      // Creation Sabbath was Saturday 4 October 2025 in the samples; in 2026 it is Saturday 3 October.
      const creation = grid.locator('.calendar-card', { hasText: 'Creation Sabbath' });
      await creation.waitFor();
      assert.match(await creation.innerText(), /Saturday, 3 October 2026/);
      assert.equal(await grid.locator('.calendar-card').count(), 13);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('events: an empty answer also shows the samples', async () => {
    const { page, problems, close } = await openPage(viewports.desktop, { clock: new Date('2026-11-22T10:00:00+03:00') });
    try {
      await page.route(/\/rest\/v1\/events\?/, (route) => route.fulfill(json([])));
      await page.goto(`${baseUrl}/events`);
      await page.getByText('No events have been published yet; this is our sample calendar.').waitFor();
      await page.getByTestId('event-grid').locator('.calendar-card', { hasText: 'Creation Sabbath' }).waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});

describe('Ministries', () => {
  test("cards with '+N more', the staff override, Ministry Leaders and the info dialog", async () => {
    const { page, problems, close } = await openPage(viewports.desktop);
    try {
      await page.goto(`${baseUrl}/ministries`);
      const grid = page.getByTestId('ministry-grid');
      await grid.locator('.ministry-card').first().waitFor();
      assert.equal(await grid.locator('.ministry-card').count(), 12);

      const youth = grid.locator('.ministry-card', { has: page.getByRole('heading', { name: 'Youth Ministry' }) });
      assert.equal(await youth.locator('.ministry-chips li').count(), 4);
      assert.equal(await youth.locator('.chip-more').innerText(), '+2 more');
      assert.match(await youth.innerText(), /Brian Ochieng/);
      assert.equal(await youth.locator('.initials').innerText(), 'BO');
      assert.match(await youth.innerText(), /AGE GROUPS/i);
      const adventurers = grid.locator('.ministry-card', { has: page.getByRole('heading', { name: 'Adventurer Club' }) });
      assert.equal(await adventurers.locator('.chip-more').count(), 0);
      assert.equal(await adventurers.locator('.ministry-chips li').count(), 3);

      const leaders = page.locator('.ministry-leader-card');
      // Ministry Leaders come from their own read (church_leaders), which can land after the ministries'.
      await leaders.first().waitFor();
      assert.equal(await leaders.count(), 8);
      assert.equal(await leaders.first().locator('h3').innerText(), 'Pr. Samuel Langat');
      // Elders and officers are not ministry leaders.
      assert.equal(await page.locator('.ministry-leader-card', { hasText: 'Elder Joseph Otieno' }).count(), 0);

      const contact = page.getByRole('button', { name: 'Contact Pr. Grace Mwangi' });
      await contact.click();
      const dialog = page.getByRole('dialog', { name: 'Contact Pr. Grace Mwangi' });
      await dialog.waitFor();
      assert.match(await dialog.innerText(), /Associate Pastor/);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Contact Pr. Grace Mwangi');

      const involved = page.locator('#get-involved');
      // The phone and e-mail come from the settings read, which may still be on its way.
      await involved.getByText('+254 700 100 100').waitFor();
      assert.match(await involved.innerText(), /\+254 700 100 100/);
      assert.match(await involved.innerText(), /info@example\.org/);
      await involved.getByRole('button', { name: 'Learn More' }).click();
      const info = page.getByRole('dialog', { name: 'Get Involved in Our Ministries' });
      await info.waitFor();
      await page.keyboard.press('Escape');
      await info.waitFor({ state: 'detached' });

      await youth.getByRole('button', { name: 'Learn More: Youth Ministry' }).click();
      const youthInfo = page.getByRole('dialog', { name: 'Youth Ministry' });
      await youthInfo.waitFor();
      assert.match(await youthInfo.innerText(), /Friday 6:00 PM/);
      assert.match(await youthInfo.innerText(), /brian\.ochieng@example\.org/);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test("the staff override replaces a ministry's leader with the matching staff record", async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    try {
      // A ministry without a leader link, whose own leader text is stale: the position "Music Director" matches by keyword.
      await page.route(/\/rest\/v1\/ministries\?/, (route) =>
        route.fulfill(
          json([
            {
              id: 'm1',
              name: 'Music Ministry',
              category: 'worship',
              description: 'Choir and praise team.',
              leader: 'Former Leader',
              leader_id: null,
              contact: 'old@example.org',
              phone: null,
              meeting_time: 'Thursday 5:30 PM',
              location: 'Main Sanctuary',
              activities: ['Choir'],
              color: null,
            },
          ]),
        ),
      );
      await page.goto(`${baseUrl}/ministries`);
      const card = page.getByTestId('ministry-grid').locator('.ministry-card');
      await card.getByText('David Kilonzo').waitFor();
      assert.equal(await card.getByText('Former Leader').count(), 0);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});

describe('Church Departments', () => {
  test('filters and the Contact Department modal', async () => {
    const { page, problems, close } = await openPage(viewports.phone);
    try {
      await page.goto(`${baseUrl}/departments`);
      await page.getByRole('heading', { level: 1, name: 'Church Departments' }).waitFor();
      const grid = page.getByTestId('department-grid');
      const cards = grid.locator('.department-card');
      await cards.first().waitFor();
      assert.equal(await cards.count(), 22);
      assert.equal(await page.getByRole('button', { name: /All Departments/ }).getAttribute('aria-pressed'), 'true');

      await page.getByRole('button', { name: /^Administrative/ }).click();
      assert.equal(await page.getByRole('button', { name: /^Administrative/ }).getAttribute('aria-pressed'), 'true');
      assert.equal(await cards.count(), 9);
      assert.deepEqual([...new Set(await grid.locator('.department-badge').allInnerTexts())].map((t) => t.toLowerCase()), ['administrative']);

      await page.getByRole('button', { name: /^Ministry/ }).click();
      assert.equal(await cards.count(), 13);
      assert.deepEqual([...new Set(await grid.locator('.department-badge').allInnerTexts())].map((t) => t.toLowerCase()), ['ministry']);

      const music = cards.filter({ has: page.getByRole('heading', { name: 'Music', exact: true }) });
      assert.match(await music.innerText(), /David Kilonzo/);
      assert.match(await music.innerText(), /Key Responsibilities/);
      assert.match(await music.innerText(), /Direct the church choir/);

      await page.getByRole('button', { name: /All Departments/ }).click();
      assert.equal(await cards.count(), 22);

      await page.getByRole('button', { name: 'Contact Department: Treasury' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contact Treasury' });
      await dialog.waitFor();
      await shown(dialog.getByRole('button', { name: 'Send Message' }));
      assert.match(await dialog.innerText(), /To: Francis Okoth, Department Head, Treasury/);
      // Closes on the x button ...
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      // ... and on the backdrop.
      await page.getByRole('button', { name: 'Contact Department: Treasury' }).click();
      await dialog.waitFor();
      await page.getByTestId('modal-backdrop').click({ position: { x: 3, y: 3 } });
      await dialog.waitFor({ state: 'detached' });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test('a failed read shows an error with Try again, never a blank page', async () => {
    const { page, problems, close } = await openPage(viewports.phone, { expectedFailure: (url) => url.includes('/rest/v1/departments') });
    try {
      await page.route(/\/rest\/v1\/departments\?/, (route) => route.fulfill(serverError));
      await page.goto(`${baseUrl}/departments`);
      await page.getByText('We could not load the departments just now.').waitFor();
      await page.unroute(/\/rest\/v1\/departments\?/);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByTestId('department-grid').locator('.department-card').first().waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});

describe('titles, axe and screenshots', () => {
  /** @type {[string, string, string][]} */
  const routes = [
    ['sermons', 'Sermons', '.sermon-card'],
    ['events', 'Events', '.weekly-day'],
    ['ministries', 'Ministries', '.ministry-leader-card'],
    ['departments', 'Church Departments', '.department-card'],
  ];
  for (const [route, title, ready] of routes) {
    for (const width of [375, 1280]) {
      test(`/${route} at ${String(width)} px: title, no serious axe violation, screenshot`, async () => {
        const { page, problems, close } = await openPage({ width, height: 800 });
        try {
          await page.goto(`${baseUrl}/${route}`);
          await page.locator(ready).first().waitFor();
          await page.waitForFunction((name) => document.title === `${name} | Mount Zion Seventh-day Adventist Church`, title);
          assert.deepEqual(await axeViolations(page), []);
          await screenshot(page, `public-${route}-${String(width)}`);
          assert.deepEqual(problems, []);
        } finally {
          await close();
        }
      });
    }
  }
});
