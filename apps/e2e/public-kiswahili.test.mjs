// The public site in Kiswahili (issue 22): on every route the language switch leads to the
// same page under /sw/ in Kiswahili; no UI string on a Kiswahili page is missing from the
// catalogue (check mode marks every catalogue text, date and number, so any other text must be
// content from the database); the choice survives a reload, is remembered for the next visit,
// and a shared /sw/ link opens in Kiswahili for someone else; the served HTML names both
// versions (hreflang); announcements and events show their Kiswahili fields and fall back to
// English per item. Against a real server with demo data.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrl, openPage, serviceHeaders, useBrowser, viewports } from './lib/browser.mjs';
import { cleanupList } from './lib/cleanup.mjs';
import { serviceWrite } from './lib/rest.mjs';
import { churchToday, startInThisQuarter } from './lib/church-time.mjs';

useBrowser();

const phone = viewports.phone;
const anonKey = process.env.KANISA_ANON_KEY ?? '';
/** U+2063, which check mode puts before every catalogue text (apps/public/src/i18n/index.ts). */
const MARK = '\u2063';
/** Tags this run's rows, so reruns against one server never read another run's. */
const run = Date.now().toString(36);
const cleanup = cleanupList();

/** Every public route, with its English page title (h1 or the Home hero heading). */
const routes = ['/', '/about', '/sermons', '/events', '/ministries', '/departments', '/contact', '/giving', '/submissions', '/announcements'];

/** The public tables' rows as a visitor reads them. */
const contentTables = [
  'events',
  'sermons',
  'sermon_series',
  'announcements',
  'ministries',
  'church_leaders',
  'departments',
  'daily_verses',
  'system_settings',
];

/**
 * Every string in the content a visitor can read (recursively, also inside JSON settings).
 * @returns {Promise<string[]>}
 */
async function contentStrings() {
  /** @type {Set<string>} */
  const out = new Set();
  /** @param {unknown} value */
  const walk = (value) => {
    if (typeof value === 'string') {
      if (value.trim() !== '') out.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) walk(item);
    }
  };
  for (const table of contentTables) {
    // Paged: no list is silently cut by the server's read cap.
    for (let from = 0; ; from += 1000) {
      const response = await fetch(`${baseUrl}/rest/v1/${table}?select=*`, {
        headers: { apikey: anonKey, range: `${String(from)}-${String(from + 999)}` },
      });
      assert.ok(response.ok, `${table}: ${String(response.status)}`);
      /** @type {unknown} */
      const rows = await response.json();
      walk(rows);
      if (!Array.isArray(rows) || rows.length < 1000) break;
    }
  }
  return [...out];
}

/**
 * The texts on the page (text nodes, and the labels a screen reader or a form shows) that carry
 * no catalogue mark and have at least one letter.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
function unmarkedTexts(page) {
  return page.evaluate((mark) => {
    /** @type {string[]} */
    const found = [];
    /** @param {string | null | undefined} text */
    const consider = (text) => {
      const trimmed = (text ?? '').trim();
      if (trimmed !== '' && /\p{L}/u.test(trimmed) && !trimmed.includes(mark)) found.push(trimmed);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest('script, style, noscript, svg') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) consider(node.textContent);
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) consider(element.getAttribute(attribute));
    }
    consider(document.title);
    return found;
  }, MARK);
}

/**
 * Unmarked texts that are not content either: UI strings missing from the catalogue. A text
 * counts as content when nothing with a letter is left once every content string in it is taken
 * out (a service line joins its name, day and time from the settings), or when it is a person's
 * initials (the leaders' avatars).
 * @param {string[]} texts
 * @param {string[]} content
 */
function notFromContent(texts, content) {
  const pieces = content.filter((value) => value.trim().length >= 2).sort((a, b) => b.length - a.length);
  return texts.filter((text) => {
    if (/^\p{Lu}{1,3}$/u.test(text)) return false;
    let rest = text.replace(/(…|\.\.\.)$/u, '');
    for (const piece of pieces) {
      if (rest.includes(piece)) rest = rest.split(piece).join(' ');
      if (!/\p{L}/u.test(rest)) return false;
    }
    // A shortened description: its start is content.
    const start = text.replace(/(…|\.\.\.)$/u, '').trim();
    return !(start.length >= 20 && pieces.some((piece) => piece.startsWith(start)));
  });
}

/**
 * What a visitor opens on a page beyond its first screen, so their texts are checked too: the
 * phone menu everywhere, the forms' messages when sent empty, an event's details.
 * @type {Record<string, (page: import('playwright-core').Page) => Promise<void>>}
 */
const interactions = {
  '/': async (page) => {
    await page.locator('header .menu-toggle').click();
    await page.locator('.site-menu[data-open="true"]').waitFor();
  },
  '/events': async (page) => {
    await page.locator('.event-actions button').first().click();
    await page.getByRole('dialog').waitFor();
  },
  '/contact': async (page) => {
    await page.locator('main form button[type="submit"]').first().click();
    await page.locator('main form [aria-invalid="true"]').first().waitFor();
  },
  '/giving': async (page) => {
    await page.locator('main form.giving-form button[type="submit"]').click();
    await page.locator('main form [aria-invalid="true"]').first().waitFor();
  },
  '/submissions': async (page) => {
    await page.locator('main button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('form button[type="submit"]').click();
    await dialog.locator('[aria-invalid="true"]').first().waitFor();
  },
};

/**
 * The page's main heading (Home: the hero's).
 * @param {import('playwright-core').Page} page
 */
async function heading(page) {
  return (await page.locator('main h1, h1').first().innerText()).trim();
}

/**
 * The visitor-facing texts of a page: its text nodes and the labels a screen reader or a form
 * shows, whitespace collapsed, each with at least one letter.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
function pageTexts(page) {
  return page.evaluate(() => {
    /** @type {string[]} */
    const found = [];
    /** @param {string | null | undefined} text */
    const consider = (text) => {
      const trimmed = (text ?? '').replace(/\s+/gu, ' ').trim();
      if (/\p{L}/u.test(trimmed)) found.push(trimmed);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest('script, style, noscript, svg') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) consider(node.textContent);
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) consider(element.getAttribute(attribute));
    }
    return found;
  });
}

/**
 * The names a page may show in both languages, from the data: people (leaders, ministry leaders,
 * department heads, speakers, the pastor), the church's name, branch, addresses, e-mail
 * addresses, phone, the paybill account and the bank's details.
 * @returns {Promise<string[]>}
 */
async function namesInTheData() {
  /** @type {Set<string>} */
  const names = new Set();
  /**
   * @param {string} path
   * @returns {Promise<Record<string, unknown>[]>}
   */
  const read = async (path) => {
    const response = await fetch(`${baseUrl}/rest/v1/${path}`, { headers: { apikey: anonKey } });
    assert.ok(response.ok, `${path}: ${String(response.status)}`);
    /** @type {unknown} */
    const rows = await response.json();
    assert.ok(Array.isArray(rows), path);
    /** @type {Record<string, unknown>[]} */
    const list = [];
    for (const row of /** @type {unknown[]} */ (rows)) if (row && typeof row === 'object') list.push(/** @type {Record<string, unknown>} */ (row));
    return list;
  };
  /** @param {unknown} value */
  const add = (value) => {
    if (typeof value === 'string' && value.trim() !== '') names.add(value.trim());
    else if (value && typeof value === 'object') for (const item of Object.values(value)) add(item);
  };
  for (const row of await read('church_leaders?select=name')) add(row.name);
  for (const row of await read('ministries?select=leader')) add(row.leader);
  for (const row of await read('departments?select=head')) add(row.head);
  for (const row of await read('sermons?select=speaker')) add(row.speaker);
  const nameKeys = [
    'church_name', 'branch_name', 'church_address', 'postal_address', 'church_phone', 'church_email',
    'church_email_secondary', 'pastor_name', 'paybill_account_number', 'bank_details',
  ];
  for (const row of await read(`system_settings?select=value&key=in.(${nameKeys.join(',')})`)) add(row.value);
  return [...names];
}

/**
 * Programme names the Kiswahili-speaking church uses unchanged.
 */
const sharedNames = ['Master Guide', 'Pathfinder', 'Adventurer', 'AY'];
/** A scripture reference ('John 15', '1 John 1:9', 'Psalm 121:1-2'). */
const reference = /(?:[1-3] )?\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)? \d+(?::\d+(?:[-–]\d+)?)?/gu;
/** Month abbreviations that are the same in English and Kiswahili (dates are numbers too). */
const sharedMonths = /\b(?:Jan|Feb|Apr|Jun|Jul|Sep|Nov)\b/gu;

/**
 * Whether a text left equal in both languages is a name, a scripture reference or a number: once
 * the names, references, numbers, dates and the currency code are taken out, nothing with a
 * letter is left.
 * @param {string} text
 * @param {string[]} names longest first
 */
function isNameReferenceOrNumber(text, names) {
  // A person's initials on an avatar ('SL'), the language switch's 'EN'.
  if (/^\p{Lu}{1,2}$/u.test(text)) return true;
  let rest = text;
  for (const name of [...names, ...sharedNames]) rest = rest.split(name).join(' ');
  rest = rest.replace(reference, ' ').replace(sharedMonths, ' ').replace(/\bKES\b/gu, ' ');
  return !/\p{L}/u.test(rest);
}

describe('Kiswahili', () => {
  test('no visitor-facing text on a /sw/ page is left as on its English page (names, scripture references and numbers aside)', async () => {
    const names = (await namesInTheData()).sort((a, b) => b.length - a.length);
    const { page, context, problems, close } = await openPage(phone);
    try {
      await context.route(/^https:\/\/(maps\.google\.com|www\.google\.com\/maps)/, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' }),
      );
      /** @type {Record<string, string[]>} */
      const leftInEnglish = {};
      for (const route of routes) {
        await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
        const english = new Set(await pageTexts(page));
        await page.goto(`${baseUrl}/sw${route}`, { waitUntil: 'networkidle' });
        await page.locator('header .language-switch[hreflang="en"]').first().waitFor();
        assert.equal(await page.locator('html').getAttribute('lang'), 'sw', route);
        const same = [...new Set(await pageTexts(page))].filter((text) => english.has(text) && !isNameReferenceOrNumber(text, names));
        if (same.length > 0) leftInEnglish[`/sw${route}`] = same;
        // Back to English for the next route.
        await page.locator('header .language-switch').first().click();
        await page.waitForURL(`${baseUrl}${route}`);
      }
      assert.deepEqual(leftInEnglish, {}, 'texts on Kiswahili pages that are the same as on the English page');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test("what the comparison lets through: names, references and numbers, never a sentence", () => {
    const names = ['Pr. Samuel Langat', 'info@example.org', 'Mount Zion Seventh-day Adventist Church'];
    for (const text of ['Pr. Samuel Langat', 'SL', 'EN', 'Philippians 4:13', '1 John 1:9', 'Daniel 2', '21 Nov 2026', 'Apr – Jun', 'KES 1,000', 'info@example.org', 'Master Guide']) {
      assert.ok(isNameReferenceOrNumber(text, names), text);
    }
    for (const text of ['Saturday', '9:00 AM', 'Main Sanctuary', 'Youth Ministry', 'Senior Pastor', 'Behold, He Cometh', 'Revelation 1:7. The blessed hope of the Second Coming.', 'KJV', 'Mount Zion Seventh-day Adventist Church events']) {
      assert.ok(!isNameReferenceOrNumber(text, names), text);
    }
  });


  test('on every route the switch leads to the Kiswahili page, whose every UI string comes from the catalogue', async () => {
    const content = await contentStrings();
    const { page, context, problems, close } = await openPage(phone);
    try {
      await context.addInitScript(() => {
        // Every frame runs this; the map's frame has no storage of its own.
        try {
          localStorage.setItem('kanisa-i18n-check', '1');
        } catch {
          // not the site's frame
        }
      });
      // The Contact page embeds a map from the maps service; the test machine has no internet.
      await context.route(/^https:\/\/(maps\.google\.com|www\.google\.com\/maps)/, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' }),
      );
      /** @type {Record<string, string[]>} */
      const missing = {};
      for (const route of routes) {
        await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
        assert.equal(await page.locator('html').getAttribute('lang'), 'en', route);
        const english = await heading(page);
        await page.locator('header .language-switch').first().click();
        await page.waitForURL(`${baseUrl}/sw${route}`);
        await page.waitForLoadState('networkidle');
        // The address changes before React renders the page again in Kiswahili, and networkidle
        // fired for this document already (a same-document navigation does not wait for it again):
        // wait for the re-rendered header, whose switch now offers English.
        await page.locator('header .language-switch[hreflang="en"]').first().waitFor();
        assert.equal(await page.locator('html').getAttribute('lang'), 'sw', route);
        const swahili = (await heading(page)).replaceAll(MARK, '');
        if (route !== '/') assert.notEqual(swahili, english, `${route}: the heading is translated`);
        // Every link on the page stays in Kiswahili.
        const englishLinks = await page.evaluate(() =>
          [...document.querySelectorAll('a[href^="/"]:not(.language-switch)')]
            .map((a) => a.getAttribute('href') ?? '')
            .filter((href) => !href.startsWith('/sw') && !/^\/(images|storage|rest|assets|admin)(\/|$)/.test(href)),
        );
        assert.deepEqual(englishLinks, [], `${route}: links to English pages`);
        const strays = notFromContent(await unmarkedTexts(page), content);
        const interact = interactions[route];
        if (interact) {
          await interact(page);
          strays.push(...notFromContent(await unmarkedTexts(page), content));
          await page.reload({ waitUntil: 'networkidle' });
        }
        if (strays.length > 0) missing[`/sw${route}`] = [...new Set(strays)];
        // Back to English for the next route (the switch remembers the choice).
        await page.locator('header .language-switch').first().click();
        await page.waitForURL(`${baseUrl}${route}`);
      }
      // The 404 page too.
      await page.goto(`${baseUrl}/sw/no-such-page`, { waitUntil: 'networkidle' });
      // The header shows the built-in stand-in name until the settings have come (a fresh load,
      // unlike the switches above): wait for the church's own name before reading the page.
      await page.locator('header a.brand:not(.brand-pending)').waitFor();
      const strays = notFromContent(await unmarkedTexts(page), content);
      if (strays.length > 0) missing['/sw/no-such-page'] = strays;
      assert.deepEqual(missing, {}, 'UI strings missing from the Kiswahili catalogue');
      assert.deepEqual(problems.filter((p) => !p.includes('/sw/no-such-page')), []);
    } finally {
      await close();
    }
  });

  test('the choice survives a reload and is remembered, a shared link keeps its language, and content falls back to English per item', async () => {
    const start = startInThisQuarter();
    const event = async (/** @type {Record<string, unknown>} */ fields) => {
      const rows = /** @type {{ id: string }[]} */ (
        await serviceWrite('POST', 'events', {
          start_date: start.toISOString(),
          end_date: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
          location: 'Main Sanctuary',
          event_type: 'Prayer Event',
          is_published: true,
          ...fields,
        })
      );
      const id = rows[0]?.id;
      assert.ok(id);
      cleanup.push(() => fetch(`${baseUrl}/rest/v1/events?id=eq.${id}`, { method: 'DELETE', headers: serviceHeaders() }));
    };
    await event({ title: `Evening Vespers ${run}`, title_sw: `Ibada ya Jioni ${run}`, description: 'Songs and prayer.' });
    await event({ title: `Choir Rehearsal ${run}`, description: 'Only in English.' });
    const today = churchToday();
    const rows = /** @type {{ id: string }[]} */ (
      await serviceWrite('POST', 'announcements', {
        title: `Harvest Sabbath ${run}`,
        content: 'Bring your harvest offering.',
        title_sw: `Sabato ya Mavuno ${run}`,
        content_sw: 'Leteni sadaka zenu za mavuno.',
        priority: 'urgent',
        start_date: today,
        end_date: today,
        is_published: true,
      })
    );
    const announcement = rows[0]?.id;
    assert.ok(announcement);
    cleanup.push(() => fetch(`${baseUrl}/rest/v1/announcements?id=eq.${announcement}`, { method: 'DELETE', headers: serviceHeaders() }));

    const visitor = await openPage(phone);
    const sharedWith = await openPage(phone);
    try {
      const { page } = visitor;
      await page.goto(`${baseUrl}/events`, { waitUntil: 'networkidle' });
      await page.getByText(`Evening Vespers ${run}`).first().waitFor();
      await page.locator('header .language-switch').first().click();
      await page.waitForURL(`${baseUrl}/sw/events`);
      await page.getByText(`Ibada ya Jioni ${run}`).first().waitFor();
      assert.equal(await page.getByText(`Evening Vespers ${run}`).count(), 0, 'the Kiswahili title replaces the English one');
      await page.getByText(`Choir Rehearsal ${run}`).first().waitFor();
      assert.match(await page.locator('main').innerText(), /Jumamosi|Jumapili|Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa|Januari|Februari|Machi|Aprili|Mei|Juni|Julai|Agosti|Septemba|Oktoba|Novemba|Desemba|Leo|Kesho/u, 'dates in sw-KE');

      // A reload keeps the language; the HTML names both versions.
      await page.reload({ waitUntil: 'networkidle' });
      assert.equal(page.url(), `${baseUrl}/sw/events`);
      assert.equal(await page.locator('html').getAttribute('lang'), 'sw');
      await page.getByText(`Ibada ya Jioni ${run}`).first().waitFor();
      /** @type {Record<string, string | null>} */
      const alternates = await page.evaluate(() =>
        Object.fromEntries([...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang') ?? '', l.getAttribute('href')])),
      );
      assert.ok(String(alternates.sw).endsWith('/sw/events'), JSON.stringify(alternates));
      assert.ok(String(alternates.en).endsWith('/events') && !String(alternates.en).includes('/sw/'), JSON.stringify(alternates));
      assert.ok(alternates['x-default'], 'x-default');

      // The next visit to the bare address opens in the remembered language.
      await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
      assert.equal(page.url(), `${baseUrl}/sw/`);
      assert.equal(await page.locator('html').getAttribute('lang'), 'sw');
      await page.getByText(`Sabato ya Mavuno ${run}`).first().waitFor();
      await page.goto(`${baseUrl}/announcements`, { waitUntil: 'networkidle' });
      assert.equal(page.url(), `${baseUrl}/sw/announcements`);
      await page.getByText('Leteni sadaka zenu za mavuno.').first().waitFor();

      // A shared link opens in its language for someone who never chose; their bare address
      // stays English.
      await sharedWith.page.goto(`${baseUrl}/sw/events`, { waitUntil: 'networkidle' });
      assert.equal(await sharedWith.page.locator('html').getAttribute('lang'), 'sw');
      await sharedWith.page.getByText(`Ibada ya Jioni ${run}`).first().waitFor();
      await sharedWith.page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
      assert.equal(sharedWith.page.url(), `${baseUrl}/`);
      assert.equal(await sharedWith.page.locator('html').getAttribute('lang'), 'en');
      await sharedWith.page.getByText(`Harvest Sabbath ${run}`).first().waitFor();

      // Switching back to English is remembered too.
      await page.locator('header .language-switch').first().click();
      await page.waitForURL(`${baseUrl}/announcements`);
      await page.getByText('Bring your harvest offering.').first().waitFor();
      await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
      assert.equal(page.url(), `${baseUrl}/`);
      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
      assert.deepEqual(visitor.problems, []);
      assert.deepEqual(sharedWith.problems, []);
    } finally {
      await visitor.close();
      await sharedWith.close();
    }
  });

  test("issue 41: About titles every elder alike in each language: 'Elder …' in English, 'Mzee …' in Kiswahili, never mixed", async () => {
    const { page, problems, close } = await openPage(phone);
    try {
      /** @param {string} path @param {string} group */
      const elders = async (path, group) => {
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        const section = page.locator('.leader-group', { has: page.getByRole('heading', { level: 3, name: group, exact: true }) });
        await section.locator('h4').first().waitFor();
        // The database's elders load after the fixed four: wait for more than those.
        await page.waitForFunction((name) => {
          const heading = [...document.querySelectorAll('.leader-group h3')].find((h) => h.textContent === name);
          return (heading?.closest('.leader-group')?.querySelectorAll('h4').length ?? 0) > 4;
        }, group);
        return section.locator('h4').allTextContents();
      };
      const english = await elders('/about', 'Church Elders');
      const swahili = await elders('/sw/about', 'Wazee wa Kanisa');
      assert.ok(english.includes('Elder Ruth Odhiambo') && english.includes('Elder John Mwita'), english.join(', '));
      assert.deepEqual(english.filter((name) => !name.startsWith('Elder ')), [], 'every English elder is titled Elder');
      assert.ok(swahili.includes('Mzee Ruth Odhiambo') && swahili.includes('Mzee John Mwita'), swahili.join(', '));
      assert.deepEqual(swahili.filter((name) => !name.startsWith('Mzee ')), [], 'every Kiswahili elder is titled Mzee');
      // The same people, in the same order.
      assert.deepEqual(swahili.map((name) => name.replace(/^Mzee /, '')), english.map((name) => name.replace(/^Elder /, '')));
      // The pastors' title is translated too.
      const pastors = page.locator('.leader-group', { has: page.getByRole('heading', { level: 3, name: 'Timu ya Wachungaji', exact: true }) });
      assert.ok((await pastors.locator('h4').allTextContents()).includes('Mchungaji Samuel Langat'));
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});
