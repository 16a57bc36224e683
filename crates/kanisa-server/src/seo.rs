//! The public site's `<head>` as the server sends it: per-route title and description, Open
//! Graph tags and a schema.org `Church` (address, contacts, service times) in JSON-LD, so a link
//! shared on WhatsApp shows a proper preview and search engines see the church without running
//! JavaScript (issue 7). The church's details come from the public System Settings (spec README
//! point 16), never from code; the pages, their texts and the chunks they show from the public
//! app's build (`routes`: `dist/routes.json`).
//!
//! Plain functions over strings and JSON values; `apps.rs` reads the settings and the build's
//! files and serves the result. Everything interpolated is escaped: settings are staff input.

use std::collections::HashMap;

use serde_json::{Map, Value, json};

mod routes;
pub use routes::{Page, RouteTable, page_for};

/// Where the built `index.html` keeps the replaceable head: the server swaps everything between
/// these markers (the build's defaults) for the route's tags.
pub const HEAD_START: &str = "<!--kanisa:head-->";
pub const HEAD_END: &str = "<!--/kanisa:head-->";

/// The name shown when the church_name setting is not set.
const DEFAULT_NAME: &str = "Seventh-day Adventist Church";

/// The public site's languages (issue 22). A Kiswahili page's path starts with `/sw`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Sw,
}

impl Lang {
    /// The `lang` / `hreflang` code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Sw => "sw",
        }
    }

    fn og_locale(self) -> &'static str {
        match self {
            Lang::En => "en_KE",
            Lang::Sw => "sw_KE",
        }
    }

    /// The page at app path `path` (`/events`, `/`) in this language: `/sw/events`, `/sw/`.
    pub fn path(self, path: &str) -> String {
        match self {
            Lang::En => path.to_owned(),
            Lang::Sw => format!("/sw{path}"),
        }
    }
}

/// Splits the language prefix off a request path: `/sw/events` → (Sw, `/events`), `/sw` →
/// (Sw, `/`); any other path is English (`/sw.js` and `/swahili` too).
pub fn split_language(path: &str) -> (Lang, &str) {
    match path.strip_prefix("/sw") {
        Some("") => (Lang::Sw, "/"),
        Some(rest) if rest.starts_with('/') => (Lang::Sw, rest),
        _ => (Lang::En, path),
    }
}

/// `<link rel="modulepreload">` for the chunks of `modules` and every chunk they import, and
/// `<link rel="preload" as="style">` for their CSS, from Vite's build manifest
/// (`dist/.vite/manifest.json`). The entry chunk and what it imports are left out: the built
/// HTML already loads them. Unknown modules are skipped, so a stale table costs only speed.
pub fn preload_links(manifest: &Value, modules: &[&str]) -> String {
    let Some(chunks) = manifest.as_object() else {
        return String::new();
    };
    let mut from_entry = Vec::new();
    for (key, chunk) in chunks {
        if chunk.get("isEntry").and_then(Value::as_bool) == Some(true) {
            reach(chunks, key, &mut from_entry);
        }
    }
    let mut wanted = Vec::new();
    for module in modules {
        reach(chunks, module, &mut wanted);
    }
    let mut out = String::new();
    for key in wanted.iter().filter(|k| !from_entry.contains(k)) {
        let chunk = &chunks[*key];
        if let Some(file) = chunk.get("file").and_then(Value::as_str) {
            out.push_str(&format!(
                "<link rel=\"modulepreload\" crossorigin href=\"/{}\" />",
                escape(file)
            ));
        }
        for css in chunk
            .get("css")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            // `crossorigin`, as Vite's loader requests the stylesheet: a preload in another
            // credentials mode does not match, and the browser fetches the file twice.
            out.push_str(&format!(
                "<link rel=\"preload\" as=\"style\" crossorigin href=\"/{}\" />",
                escape(css)
            ));
        }
    }
    out
}

/// Adds `key` and every chunk it imports, transitively, to `seen` (manifest keys, in order).
fn reach<'a>(chunks: &'a Map<String, Value>, key: &str, seen: &mut Vec<&'a str>) {
    let mut stack = vec![key];
    while let Some(key) = stack.pop() {
        let Some((k, chunk)) = chunks.get_key_value(key) else {
            continue;
        };
        if seen.contains(&k.as_str()) {
            continue;
        }
        seen.push(k.as_str());
        if let Some(imports) = chunk.get("imports").and_then(Value::as_array) {
            stack.extend(imports.iter().rev().filter_map(Value::as_str));
        }
    }
}

/// The church as the public settings describe it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Church {
    pub name: String,
    pub branch: Option<String>,
    pub address: Option<String>,
    pub postal_address: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub website: Option<String>,
    pub maps_url: Option<String>,
    pub same_as: Vec<String>,
    /// (name, day, time as written, e.g. "9:00 AM").
    pub services: Vec<(String, String, String)>,
    /// The hero_images setting: `[{src, alt}]` set by staff, `None` for the bundled images.
    pub hero_images: Option<Vec<(String, String)>>,
}

impl Church {
    /// From the public `system_settings` rows (key → JSON value); unset values are JSON null.
    pub fn from_settings(settings: &HashMap<String, Value>) -> Church {
        let text = |key: &str| {
            settings
                .get(key)
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
        };
        let services = [
            "sabbath_school_time",
            "divine_service_time",
            "prayer_meeting_time",
            "youth_meeting_time",
            "bible_study_time",
        ]
        .iter()
        .filter_map(|key| {
            let v = settings.get(*key)?;
            let field = |f: &str| v.get(f).and_then(Value::as_str).map(str::to_owned);
            Some((field("name")?, field("day")?, field("time")?))
        })
        .collect();
        let same_as = settings
            .get("social_links")
            .and_then(Value::as_object)
            .map(|links| {
                links
                    .values()
                    .filter_map(Value::as_str)
                    .filter(|u| u.starts_with("https://") || u.starts_with("http://"))
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        let hero_images = settings
            .get("hero_images")
            .and_then(Value::as_array)
            .map(|images| {
                images
                    .iter()
                    .filter_map(|i| {
                        let src = i.get("src")?.as_str()?;
                        let alt = i.get("alt").and_then(Value::as_str).unwrap_or("");
                        Some((src.to_owned(), alt.to_owned()))
                    })
                    .collect::<Vec<_>>()
            })
            .filter(|images| !images.is_empty());
        Church {
            hero_images,
            name: text("church_name").unwrap_or_else(|| DEFAULT_NAME.to_owned()),
            branch: text("branch_name"),
            address: text("church_address"),
            postal_address: text("postal_address"),
            phone: text("church_phone"),
            email: text("church_email"),
            website: text("website"),
            maps_url: text("maps_url"),
            same_as,
            services,
        }
    }

    /// The name with the branch, as the home page's heading shows it.
    fn full_name(&self) -> String {
        match &self.branch {
            Some(branch) => format!("{} – {branch}", self.name),
            None => self.name.clone(),
        }
    }

    /// What the public site's first paint needs: `{name, branch, heroImages}`.
    pub fn shell_settings(&self) -> Value {
        json!({
            "name": self.name,
            "branch": self.branch.as_deref().unwrap_or(""),
            "heroImages": self.hero_images.as_ref().map(|images| images
                .iter()
                .map(|(src, alt)| json!({"src": src, "alt": alt}))
                .collect::<Vec<_>>()),
        })
    }

    /// schema.org `Church`, with each service time as an opening-hours entry.
    /// The church's website from the settings as a site address (`https://…`, no trailing
    /// slash), when it is one.
    pub fn site_address(&self) -> Option<String> {
        let site = self.website.as_deref()?.trim().trim_end_matches('/');
        let rest = site
            .strip_prefix("https://")
            .or_else(|| site.strip_prefix("http://"))?;
        let host_ok = !rest.is_empty()
            && rest
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".-:/_~".contains(&b));
        host_ok.then(|| site.to_owned())
    }

    pub fn json_ld(&self, url: Option<&str>) -> Value {
        let mut church = Map::new();
        church.insert("@context".into(), json!("https://schema.org"));
        church.insert("@type".into(), json!("Church"));
        church.insert("name".into(), json!(self.full_name()));
        if let Some(url) = url {
            church.insert("url".into(), json!(url));
        }
        if let Some(phone) = &self.phone {
            church.insert("telephone".into(), json!(phone));
        }
        if let Some(email) = &self.email {
            church.insert("email".into(), json!(email));
        }
        if self.address.is_some() || self.postal_address.is_some() {
            let mut address = Map::new();
            address.insert("@type".into(), json!("PostalAddress"));
            if let Some(street) = &self.address {
                address.insert("streetAddress".into(), json!(street));
            }
            if let Some(post) = &self.postal_address {
                address.insert("postOfficeBoxNumber".into(), json!(post));
            }
            address.insert("addressCountry".into(), json!("KE"));
            church.insert("address".into(), Value::Object(address));
        }
        if let Some(maps) = &self.maps_url {
            church.insert("hasMap".into(), json!(maps));
        }
        if !self.same_as.is_empty() {
            church.insert("sameAs".into(), json!(self.same_as));
        }
        let hours: Vec<Value> = self
            .services
            .iter()
            .filter_map(|(name, day, time)| {
                let opens = time_24h(time)?;
                let day = weekday(day)?;
                Some(json!({
                    "@type": "OpeningHoursSpecification",
                    "name": name,
                    "dayOfWeek": format!("https://schema.org/{day}"),
                    "opens": opens,
                }))
            })
            .collect();
        if !hours.is_empty() {
            church.insert("openingHoursSpecification".into(), Value::Array(hours));
        }
        Value::Object(church)
    }
}

/// "9:00 AM" → "09:00", "6:00 PM" → "18:00", "18:30" → "18:30".
fn time_24h(time: &str) -> Option<String> {
    let t = time.trim().to_ascii_uppercase();
    let (clock, pm) = if let Some(c) = t.strip_suffix("PM") {
        (c.trim(), Some(true))
    } else if let Some(c) = t.strip_suffix("AM") {
        (c.trim(), Some(false))
    } else {
        (t.as_str(), None)
    };
    let (h, m) = clock.split_once(':').unwrap_or((clock, "0"));
    let (mut h, m): (u32, u32) = (h.trim().parse().ok()?, m.trim().parse().ok()?);
    match pm {
        Some(_) if !(1..=12).contains(&h) => return None,
        Some(true) if h != 12 => h += 12,
        Some(false) if h == 12 => h = 0,
        _ => {}
    }
    (h < 24 && m < 60).then(|| format!("{h:02}:{m:02}"))
}

fn weekday(day: &str) -> Option<&'static str> {
    const DAYS: [&str; 7] = [
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
    ];
    let day = day.trim();
    DAYS.iter().copied().find(|d| d.eq_ignore_ascii_case(day))
}

/// Where a page is asked for.
#[derive(Debug, Clone, Copy)]
pub struct PageAt<'a> {
    /// The site's address without a trailing slash (`https://church.example`): the configured
    /// `KANISA_PUBLIC_URL`, else the website of the settings; `None` when neither is known
    /// (never the request's `Host`, which a client chooses). Without it the head has no
    /// absolute links: no canonical, `og:url`, alternates or JSON-LD `url`.
    pub base: Option<&'a str>,
    /// The app path, without the language prefix (`/sermons`, `/`).
    pub path: &'a str,
    pub lang: Lang,
    /// The request carried `Save-Data: on`.
    pub save_data: bool,
}

/// The head tags of one route. A path the site does not have says so and asks not to be indexed;
/// a real page names its other-language version (`hreflang`), English being the default.
pub fn head(church: &Church, page: Page, at: &PageAt) -> String {
    let text = match page {
        Page::Found(text) | Page::NotFound(text) => Some(text),
        Page::Unknown => None,
    };
    let title = match text.and_then(|t| t.title.as_deref()) {
        Some(part) => format!("{part} | {}", church.name),
        None => church.full_name(),
    };
    let description = text.map(|t| t.description.replace("{church}", &church.full_name()));
    let not_found = matches!(page, Page::NotFound(_));
    let app_path = match at.path.trim_end_matches('/') {
        "" => "/",
        path => path,
    };
    let url = |lang: Lang| at.base.map(|base| format!("{base}{}", lang.path(app_path)));
    let canonical = url(at.lang);
    let image = format!("{}/images/og-default.jpg", at.base.unwrap_or(""));
    let mut out = String::with_capacity(2560);
    out.push_str(&format!("<title>{}</title>", escape(&title)));
    let mut meta = |attr: &str, key: &str, value: &str| {
        out.push_str(&format!(
            "<meta {attr}=\"{key}\" content=\"{}\" />",
            escape(value)
        ));
    };
    if let Some(description) = &description {
        meta("name", "description", description);
    }
    if not_found {
        meta("name", "robots", "noindex");
    }
    meta("property", "og:type", "website");
    meta("property", "og:site_name", &church.full_name());
    meta("property", "og:title", &title);
    if let Some(description) = &description {
        meta("property", "og:description", description);
    }
    if let Some(canonical) = &canonical {
        meta("property", "og:url", canonical);
    }
    meta("property", "og:image", &image);
    meta("property", "og:image:width", "1200");
    meta("property", "og:image:height", "630");
    meta("property", "og:locale", at.lang.og_locale());
    let other = match at.lang {
        Lang::En => Lang::Sw,
        Lang::Sw => Lang::En,
    };
    meta("property", "og:locale:alternate", other.og_locale());
    meta("name", "twitter:card", "summary_large_image");
    if let (Some(canonical), Page::Found(_)) = (&canonical, page) {
        out.push_str(&format!(
            "<link rel=\"canonical\" href=\"{}\" />",
            escape(canonical)
        ));
        for (hreflang, lang) in [("en", Lang::En), ("sw", Lang::Sw), ("x-default", Lang::En)] {
            out.push_str(&format!(
                "<link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{}\" />",
                escape(&url(lang).unwrap_or_default())
            ));
        }
    }
    out.push_str("<script type=\"application/ld+json\">");
    let home = at.base.map(|base| format!("{base}/"));
    out.push_str(&script_json(&church.json_ld(home.as_deref())));
    out.push_str("</script>");
    // The header, hero and titles show these before any data request (apps/public
    // lib/settings-store.ts reads them): no flash of a stand-in name on a first visit.
    out.push_str("<script id=\"kanisa-settings\" type=\"application/json\">");
    out.push_str(&script_json(&church.shell_settings()));
    out.push_str("</script>");
    if app_path == "/" && !not_found {
        // Home's largest paint is the first hero image: fetch it with the HTML, not after the
        // script has run. With Save-Data the hero shows only its smallest size (the app's
        // data-saver mode), so that is the one to fetch.
        out.push_str(&match church.hero_images.as_deref() {
            Some([(src, _), ..]) => format!(
                "<link rel=\"preload\" as=\"image\" href=\"{}\" fetchpriority=\"high\" />",
                escape(src)
            ),
            _ if at.save_data => format!(
                "<link rel=\"preload\" as=\"image\" href=\"{BUNDLED_HERO}-640.webp\" fetchpriority=\"high\" />"
            ),
            _ => format!(
                "<link rel=\"preload\" as=\"image\" href=\"{BUNDLED_HERO}-1280.webp\" \
                 imagesrcset=\"{BUNDLED_HERO}-640.webp 640w, {BUNDLED_HERO}-1280.webp 1280w, \
                 {BUNDLED_HERO}-1920.webp 1920w\" imagesizes=\"100vw\" fetchpriority=\"high\" />"
            ),
        });
    }
    out
}

/// The first bundled hero image, without its width suffix (apps/public/src/features/home/
/// hero-images.ts; the preload must name the same files and sizes as the page's `<img>`).
const BUNDLED_HERO: &str = "/images/hero-1";

/// Replaces the marked region of `index_html` with `head`; the page unchanged without markers.
pub fn inject(index_html: &str, head: &str) -> String {
    let (Some(start), Some(end)) = (index_html.find(HEAD_START), index_html.find(HEAD_END)) else {
        return index_html.to_owned();
    };
    if end < start {
        return index_html.to_owned();
    }
    let mut out = String::with_capacity(index_html.len() + head.len());
    out.push_str(&index_html[..start]);
    out.push_str(head);
    out.push_str(&index_html[end + HEAD_END.len()..]);
    out
}

/// The page's `<html>` element (the first one) in `lang` (`lang="sw"` for Kiswahili; the build
/// writes `lang="en"`) and, with `save_data`, marked `data-save-data="on"`.
pub fn mark_html(html: &str, lang: Lang, save_data: bool) -> String {
    let Some(at) = html.find("<html") else {
        return html.to_owned();
    };
    let tag_end = html[at..].find('>').map_or(html.len(), |end| at + end);
    let mut tag = html[at + 5..tag_end].to_owned();
    if lang != Lang::En {
        tag = tag.replacen("lang=\"en\"", &format!("lang=\"{}\"", lang.code()), 1);
    }
    let mut out = String::with_capacity(html.len() + 24);
    out.push_str(&html[..at + 5]);
    if save_data {
        out.push_str(" data-save-data=\"on\"");
    }
    out.push_str(&tag);
    out.push_str(&html[tag_end..]);
    out
}

/// Text for an HTML attribute or element.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON safe inside `<script>`: no `<` (so no `</script>` or `<!--`), and the two line
/// separators JavaScript once refused.
fn script_json(value: &Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

#[cfg(test)]
mod tests {
    use super::routes::tests::table;
    use super::*;

    #[test]
    fn the_html_element_carries_the_language_and_the_data_saver_mark() {
        let page = "<!doctype html>\n<html lang=\"en\"><head><meta lang=\"en\"></head></html>";
        assert_eq!(
            mark_html(page, Lang::En, true),
            "<!doctype html>\n<html data-save-data=\"on\" lang=\"en\"><head><meta lang=\"en\"></head></html>"
        );
        assert_eq!(
            mark_html(page, Lang::Sw, false),
            "<!doctype html>\n<html lang=\"sw\"><head><meta lang=\"en\"></head></html>"
        );
        assert_eq!(
            mark_html(page, Lang::Sw, true),
            "<!doctype html>\n<html data-save-data=\"on\" lang=\"sw\"><head><meta lang=\"en\"></head></html>"
        );
        assert_eq!(mark_html(page, Lang::En, false), page);
        assert_eq!(
            mark_html("no html element", Lang::Sw, true),
            "no html element"
        );
    }

    #[test]
    fn the_language_prefix_is_split_off_and_only_sw_is_one() {
        assert_eq!(split_language("/sw/events"), (Lang::Sw, "/events"));
        assert_eq!(split_language("/sw"), (Lang::Sw, "/"));
        assert_eq!(split_language("/sw/"), (Lang::Sw, "/"));
        assert_eq!(split_language("/sw.js"), (Lang::En, "/sw.js"));
        assert_eq!(split_language("/swahili"), (Lang::En, "/swahili"));
        assert_eq!(split_language("/events"), (Lang::En, "/events"));
        assert_eq!(Lang::Sw.path("/"), "/sw/");
        assert_eq!(Lang::Sw.path("/about"), "/sw/about");
        assert_eq!(Lang::En.path("/about"), "/about");
    }

    /// An English page at `path`, without Save-Data.
    fn en<'a>(base: &'a str, path: &'a str) -> PageAt<'a> {
        PageAt {
            base: Some(base),
            path,
            lang: Lang::En,
            save_data: false,
        }
    }

    fn settings(pairs: &[(&str, Value)]) -> HashMap<String, Value> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect()
    }

    fn demo() -> Church {
        Church::from_settings(&settings(&[
            ("church_name", json!("Mount Zion SDA Church")),
            ("branch_name", json!("Kisii Town")),
            ("church_address", json!("Hospital Road, Kisii")),
            ("postal_address", json!("P.O. Box 123-40200")),
            ("church_phone", json!("+254 700 000 001")),
            ("church_email", json!("info@example.org")),
            ("website", json!(null)),
            (
                "social_links",
                json!({"youtube": "https://youtube.com/@c", "x": "#"}),
            ),
            (
                "sabbath_school_time",
                json!({"name": "Sabbath School", "day": "Saturday", "time": "9:00 AM"}),
            ),
            (
                "prayer_meeting_time",
                json!({"name": "Prayer Meeting", "day": "Wednesday", "time": "6:00 PM"}),
            ),
            ("bible_study_time", json!(null)),
        ]))
    }

    /// Without a usable routes.json (a build from before it, a broken file) the server still
    /// serves every page: the church's name as title, no description, canonical or alternates,
    /// and nothing asks not to be indexed.
    #[test]
    fn without_a_route_table_a_page_has_the_church_name_and_no_tags_of_its_own() {
        let church = demo();
        for lang in [Lang::En, Lang::Sw] {
            let at = PageAt {
                lang,
                ..en("https://c.example", "/events")
            };
            let html = head(&church, page_for(None, "/events", lang), &at);
            assert!(
                html.contains("<title>Mount Zion SDA Church – Kisii Town</title>"),
                "{html}"
            );
            for absent in [
                "name=\"description\"",
                "og:description",
                "noindex",
                "rel=\"canonical\"",
                "hreflang",
            ] {
                assert!(!html.contains(absent), "{absent}: {html}");
            }
            assert!(html.contains("application/ld+json") && html.contains("kanisa-settings"));
        }
        assert!(
            head(&church, page_for(None, "/", Lang::En), &en("http://x", "/"))
                .contains("rel=\"preload\" as=\"image\""),
            "Home is still Home"
        );
    }

    #[test]
    fn the_head_names_the_page_and_the_church() {
        let routes = table();
        let church = demo();
        let html = head(
            &church,
            page_for(Some(&routes), "/sermons", Lang::En),
            &en("https://c.example", "/sermons"),
        );
        assert!(html.contains("<title>Sermons | Mount Zion SDA Church</title>"));
        assert!(html.contains(
            "<meta name=\"description\" content=\"Watch and listen to recent sermons and the current series at Mount Zion SDA Church – Kisii Town.\" />"
        ));
        assert!(
            html.contains("<meta property=\"og:url\" content=\"https://c.example/sermons\" />")
        );
        assert!(html.contains(
            "<meta property=\"og:title\" content=\"Sermons | Mount Zion SDA Church\" />"
        ));
        assert!(html.contains("<link rel=\"canonical\" href=\"https://c.example/sermons\" />"));
        assert!(!html.contains("noindex"));
        let home = head(
            &church,
            page_for(Some(&routes), "/", Lang::En),
            &en("https://c.example", "/"),
        );
        assert!(home.contains("<title>Mount Zion SDA Church – Kisii Town</title>"));
        let missing = head(
            &church,
            page_for(Some(&routes), "/nope", Lang::En),
            &en("https://c.example", "/nope"),
        );
        assert!(missing.contains("<title>Page not found | Mount Zion SDA Church</title>"));
        assert!(missing.contains("noindex"));
    }

    #[test]
    fn the_shell_settings_and_the_hero_preload_travel_with_the_html() {
        let routes = table();
        let church = demo();
        let home = head(
            &church,
            page_for(Some(&routes), "/", Lang::En),
            &en("http://x", "/"),
        );
        assert!(home.contains(
            "<script id=\"kanisa-settings\" type=\"application/json\">{\"name\":\"Mount Zion SDA Church\",\"branch\":\"Kisii Town\",\"heroImages\":null}</script>"
        ), "{home}");
        assert!(
            home.contains("<link rel=\"preload\" as=\"image\" href=\"/images/hero-1-1280.webp\"")
        );
        assert!(home.contains("imagesrcset=\"/images/hero-1-640.webp 640w, /images/hero-1-1280.webp 1280w, /images/hero-1-1920.webp 1920w\""));
        let about = head(
            &church,
            page_for(Some(&routes), "/about", Lang::En),
            &en("http://x", "/about"),
        );
        assert!(
            !about.contains("rel=\"preload\""),
            "only Home shows the hero"
        );

        let mut own = settings(&[("church_name", json!("C"))]);
        own.insert(
            "hero_images".into(),
            json!([{"src": "/storage/v1/object/public/church-files/public/a.webp", "alt": "Choir"}, {"alt": "no src"}]),
        );
        let church = Church::from_settings(&own);
        assert_eq!(
            church.shell_settings(),
            json!({"name": "C", "branch": "", "heroImages": [{"src": "/storage/v1/object/public/church-files/public/a.webp", "alt": "Choir"}]})
        );
        let home = head(
            &church,
            page_for(Some(&routes), "/", Lang::En),
            &en("http://x", "/"),
        );
        assert!(home.contains("<link rel=\"preload\" as=\"image\" href=\"/storage/v1/object/public/church-files/public/a.webp\" fetchpriority=\"high\" />"));
    }

    #[test]
    fn a_kiswahili_page_has_its_own_head_and_both_pages_name_each_other() {
        let routes = table();
        let church = demo();
        let at = PageAt {
            base: Some("https://c.example"),
            path: "/events",
            lang: Lang::Sw,
            save_data: false,
        };
        let sw = head(&church, page_for(Some(&routes), "/events", Lang::Sw), &at);
        assert!(
            sw.contains("<title>Matukio | Mount Zion SDA Church</title>"),
            "{sw}"
        );
        assert!(sw.contains("<meta name=\"description\" content=\"Matukio yajayo, shughuli za kila wiki na kalenda ya kanisa la Mount Zion SDA Church – Kisii Town.\" />"));
        assert!(sw.contains("<meta property=\"og:locale\" content=\"sw_KE\" />"));
        assert!(sw.contains("<meta property=\"og:locale:alternate\" content=\"en_KE\" />"));
        assert!(
            sw.contains("<meta property=\"og:url\" content=\"https://c.example/sw/events\" />")
        );
        assert!(sw.contains("<link rel=\"canonical\" href=\"https://c.example/sw/events\" />"));
        let english = head(
            &church,
            page_for(Some(&routes), "/events", Lang::En),
            &en("https://c.example", "/events"),
        );
        for page in [&sw, &english] {
            assert!(page.contains(
                "<link rel=\"alternate\" hreflang=\"en\" href=\"https://c.example/events\" />"
            ));
            assert!(page.contains(
                "<link rel=\"alternate\" hreflang=\"sw\" href=\"https://c.example/sw/events\" />"
            ));
            assert!(page.contains("<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://c.example/events\" />"));
        }
        assert!(english.contains("<meta property=\"og:locale\" content=\"en_KE\" />"));
        let home = head(
            &church,
            page_for(Some(&routes), "/", Lang::Sw),
            &PageAt { path: "/", ..at },
        );
        assert!(
            home.contains(
                "<link rel=\"alternate\" hreflang=\"sw\" href=\"https://c.example/sw/\" />"
            )
        );
        assert!(
            home.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"https://c.example/\" />")
        );
        let missing = head(
            &church,
            page_for(Some(&routes), "/nope", Lang::Sw),
            &PageAt {
                path: "/nope",
                ..at
            },
        );
        assert!(missing.contains("<title>Ukurasa haupatikani | Mount Zion SDA Church</title>"));
        assert!(
            !missing.contains("hreflang"),
            "no alternates for a page that does not exist"
        );
        assert_eq!(
            routes.modules("/events", Lang::Sw)[0],
            "src/i18n/sw/index.ts"
        );
        assert!(
            !routes
                .modules("/events", Lang::En)
                .contains(&"src/i18n/sw/index.ts")
        );
    }

    #[test]
    fn with_save_data_home_preloads_only_the_smallest_hero() {
        let routes = table();
        let church = demo();
        let at = PageAt {
            save_data: true,
            ..en("http://x", "/")
        };
        let home = head(&church, page_for(Some(&routes), "/", Lang::En), &at);
        assert!(home.contains("<link rel=\"preload\" as=\"image\" href=\"/images/hero-1-640.webp\" fetchpriority=\"high\" />"), "{home}");
        assert!(!home.contains("hero-1-1280"));
    }

    #[test]
    fn a_route_preloads_its_page_chunk_and_imports_but_not_the_entry_ones() {
        let routes = table();
        let manifest = json!({
            "index.html": {"file": "assets/index-a.js", "isEntry": true, "imports": ["_react-b.js"],
                           "dynamicImports": ["src/features/events/EventsPage.tsx"]},
            "_react-b.js": {"file": "assets/react-b.js"},
            "src/features/events/EventsPage.tsx": {"file": "assets/EventsPage-c.js",
                "imports": ["index.html", "_query-d.js", "_react-b.js"], "css": ["assets/EventsPage-c.css"]},
            "_query-d.js": {"file": "assets/query-d.js", "imports": ["_client-e.js"]},
            "_client-e.js": {"file": "assets/client-e.js"},
            "src/components/layout/Footer.tsx": {"file": "assets/Footer-f.js", "imports": ["index.html"]},
        });
        let links = preload_links(&manifest, &routes.modules("/events", Lang::En));
        assert_eq!(
            links,
            "<link rel=\"modulepreload\" crossorigin href=\"/assets/EventsPage-c.js\" />\
             <link rel=\"preload\" as=\"style\" crossorigin href=\"/assets/EventsPage-c.css\" />\
             <link rel=\"modulepreload\" crossorigin href=\"/assets/query-d.js\" />\
             <link rel=\"modulepreload\" crossorigin href=\"/assets/client-e.js\" />\
             <link rel=\"modulepreload\" crossorigin href=\"/assets/Footer-f.js\" />"
        );
        assert_eq!(
            preload_links(&json!(null), &routes.modules("/events", Lang::En)),
            ""
        );
        assert_eq!(
            routes.modules("/nope", Lang::En)[0],
            "src/features/not-found/NotFoundPage.tsx"
        );
    }

    #[test]
    fn json_ld_describes_the_church_with_its_service_times() {
        let ld = demo().json_ld(Some("https://c.example/"));
        assert_eq!(ld["@type"], "Church");
        assert_eq!(ld["name"], "Mount Zion SDA Church – Kisii Town");
        assert_eq!(ld["telephone"], "+254 700 000 001");
        assert_eq!(ld["address"]["streetAddress"], "Hospital Road, Kisii");
        assert_eq!(ld["address"]["postOfficeBoxNumber"], "P.O. Box 123-40200");
        assert_eq!(ld["sameAs"], json!(["https://youtube.com/@c"]));
        assert_eq!(
            ld["openingHoursSpecification"],
            json!([
                {"@type": "OpeningHoursSpecification", "name": "Sabbath School",
                 "dayOfWeek": "https://schema.org/Saturday", "opens": "09:00"},
                {"@type": "OpeningHoursSpecification", "name": "Prayer Meeting",
                 "dayOfWeek": "https://schema.org/Wednesday", "opens": "18:00"},
            ])
        );
        assert!(ld.get("website").is_none());
    }

    #[test]
    fn unset_settings_fall_back_to_the_denomination_name() {
        let church = Church::from_settings(&settings(&[("church_name", json!(null))]));
        assert_eq!(church.name, DEFAULT_NAME);
        let ld = church.json_ld(Some("http://x/"));
        assert!(ld.get("address").is_none() && ld.get("openingHoursSpecification").is_none());
    }

    #[test]
    fn staff_input_cannot_break_out_of_the_markup() {
        let routes = table();
        let church = Church::from_settings(&settings(&[(
            "church_name",
            json!("A \"B\" <script>alert(1)</script></script> & C"),
        )]));
        let html = head(
            &church,
            page_for(Some(&routes), "/about", Lang::En),
            &en("http://x", "/about"),
        );
        assert!(!html.contains("<script>alert"));
        assert_eq!(
            html.matches("</script>").count(),
            html.matches("<script").count(),
            "only our own scripts close: {html}"
        );
        assert!(html.contains("&quot;B&quot; &lt;script&gt;"));
        // The JSON-LD still parses to the same name.
        let start = html.find("application/ld+json\">").unwrap() + 21;
        let end = start + html[start..].find("</script>").unwrap();
        let ld: Value = serde_json::from_str(&html[start..end]).unwrap();
        assert_eq!(ld["name"], "A \"B\" <script>alert(1)</script></script> & C");
    }

    #[test]
    fn times_become_24_hour_clock() {
        for (given, want) in [
            ("9:00 AM", Some("09:00")),
            ("12:00 PM", Some("12:00")),
            ("12:30 am", Some("00:30")),
            ("6:00 PM", Some("18:00")),
            ("18:15", Some("18:15")),
            ("7 PM", Some("19:00")),
            ("13:00 PM", None),
            ("noon", None),
        ] {
            assert_eq!(time_24h(given).as_deref(), want, "{given}");
        }
    }

    #[test]
    fn injection_replaces_only_the_marked_region() {
        let page = format!(
            "<head><meta charset=\"utf-8\">{HEAD_START}<title>x</title>{HEAD_END}</head><body></body>"
        );
        assert_eq!(
            inject(&page, "<title>y</title>"),
            "<head><meta charset=\"utf-8\"><title>y</title></head><body></body>"
        );
        assert_eq!(
            inject("<title>x</title>", "<title>y</title>"),
            "<title>x</title>"
        );
    }
}
