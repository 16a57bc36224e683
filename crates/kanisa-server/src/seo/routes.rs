//! The public site's route table as its build writes it (`dist/routes.json`, from
//! `apps/public/routes-plugin.ts`): which paths are pages, their titles and descriptions per
//! language, and the modules whose chunks they show at once. The server reads it instead of
//! knowing the app's pages, texts or source files.

use serde::Deserialize;

use super::Lang;

/// A page's own title and description, in one language.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PageText {
    /// The page's part of the title (`None` for Home: the church name alone).
    pub title: Option<String>,
    /// `{church}` is replaced by the church's name.
    pub description: String,
}

/// A page of the route table: the modules whose lazy chunks it shows at once, and its texts.
#[derive(Debug, Clone, Deserialize)]
struct TablePage {
    #[serde(default)]
    modules: Vec<String>,
    en: PageText,
    sw: PageText,
}

impl TablePage {
    fn text(&self, lang: Lang) -> &PageText {
        match lang {
            Lang::En => &self.en,
            Lang::Sw => &self.sw,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
struct TableRoute {
    /// The app path, without the language prefix (`/events`; Home is `/`).
    path: String,
    #[serde(flatten)]
    page: TablePage,
}

#[derive(Debug, Clone, Default, Deserialize)]
struct LanguageModules {
    #[serde(default)]
    modules: Vec<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
struct Languages {
    #[serde(default)]
    en: LanguageModules,
    #[serde(default)]
    sw: LanguageModules,
}

/// The public site's pages as its build describes them: `dist/routes.json`, written by
/// `apps/public/routes-plugin.ts` from the app's own route table and catalogues, so the server
/// names no page, text or source file of the app. Each route has its path, the modules (as
/// Vite's manifest names them) whose lazy chunks it shows at once, and its title and
/// description per language; `notFound` is the same for any other path; `languages` names the
/// modules a language needs before the first render (its catalogue).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteTable {
    routes: Vec<TableRoute>,
    not_found: TablePage,
    #[serde(default)]
    languages: Languages,
}

impl RouteTable {
    /// The table from `routes.json`'s bytes, or why it is unusable.
    pub fn from_json(bytes: &[u8]) -> Result<RouteTable, String> {
        let table: RouteTable = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        if table.routes.is_empty() {
            return Err("it has no routes".into());
        }
        if let Some(route) = table.routes.iter().find(|r| !r.path.starts_with('/')) {
            return Err(format!("the path {:?} does not start with /", route.path));
        }
        Ok(table)
    }

    /// The route at app path `path` (a trailing slash does not matter).
    fn route(&self, path: &str) -> Option<&TablePage> {
        let path = path.trim_end_matches('/');
        self.routes
            .iter()
            .find(|route| route.path.trim_end_matches('/') == path)
            .map(|route| &route.page)
    }

    /// The modules whose lazy chunks the page at `path` shows at once in `lang`: the language's
    /// first (a Kiswahili page needs its catalogue before the first render), then the page's
    /// (its own chunk, Home's sections below the hero, the footer). Preloading them with the
    /// HTML saves a round trip after the entry script (`preload_links`).
    pub fn modules(&self, path: &str, lang: Lang) -> Vec<&str> {
        let language = match lang {
            Lang::En => &self.languages.en,
            Lang::Sw => &self.languages.sw,
        };
        let page = self.route(path).unwrap_or(&self.not_found);
        language
            .modules
            .iter()
            .chain(&page.modules)
            .map(String::as_str)
            .collect()
    }
}

/// What the server knows of a requested page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page<'a> {
    /// A page of the site (public-site.md §2), with its texts in the request's language.
    Found(&'a PageText),
    /// A path the site does not have: the "page not found" texts, a 404 not to be indexed.
    NotFound(&'a PageText),
    /// No route table (the build's `routes.json` missing or unreadable): the church's name as
    /// the title and no tags of the page's own; the app decides what the path shows.
    Unknown,
}

/// The page at app path `path` (without the language prefix) in `lang`, from the build's route
/// table when there is one.
pub fn page_for<'a>(table: Option<&'a RouteTable>, path: &str, lang: Lang) -> Page<'a> {
    let Some(table) = table else {
        return Page::Unknown;
    };
    match table.route(path) {
        Some(page) => Page::Found(page.text(lang)),
        None => Page::NotFound(table.not_found.text(lang)),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// A route table as the public app's build writes it (`apps/public/routes-plugin.ts`), with
    /// some of the site's pages.
    pub(crate) fn table() -> RouteTable {
        let page = |en: (Option<&str>, &str), sw: (Option<&str>, &str), modules: &[&str]| {
            json!({
                "modules": modules,
                "en": {"title": en.0, "description": en.1},
                "sw": {"title": sw.0, "description": sw.1},
            })
        };
        let route = |path: &str, page: Value| {
            let mut route = page;
            route["path"] = json!(path);
            route
        };
        let footer = "src/components/layout/Footer.tsx";
        let json = json!({
            "routes": [
                route("/", page(
                    (None, "Welcome to {church}: service times, sermons, upcoming events, ministries and online giving."),
                    (None, "Karibu {church}: nyakati za ibada, mahubiri, matukio yajayo, huduma na kutoa mtandaoni."),
                    &["src/features/home/HomeSections.tsx", footer],
                )),
                route("/about", page(
                    (Some("About"), "The mission, heritage, beliefs and leadership of {church}."),
                    (Some("Kuhusu Sisi"), "Utume, historia, imani na uongozi wa {church}."),
                    &["src/features/about/AboutPage.tsx", footer],
                )),
                route("/sermons", page(
                    (Some("Sermons"), "Watch and listen to recent sermons and the current series at {church}."),
                    (Some("Mahubiri"), "Tazama na usikilize mahubiri ya hivi karibuni na mfululizo wa sasa katika {church}."),
                    &["src/features/sermons/SermonsPage.tsx", footer],
                )),
                route("/events", page(
                    (Some("Events"), "Upcoming events, weekly activities and the church calendar of {church}."),
                    (Some("Matukio"), "Matukio yajayo, shughuli za kila wiki na kalenda ya kanisa la {church}."),
                    &["src/features/events/EventsPage.tsx", footer],
                )),
            ],
            "notFound": page(
                (Some("Page not found"), "This page does not exist on the website of {church}."),
                (Some("Ukurasa haupatikani"), "Ukurasa huu haupo kwenye tovuti ya {church}."),
                &["src/features/not-found/NotFoundPage.tsx", footer],
            ),
            "languages": {"en": {"modules": []}, "sw": {"modules": ["src/i18n/sw/index.ts"]}},
        });
        RouteTable::from_json(json.to_string().as_bytes()).unwrap()
    }

    #[test]
    fn the_table_finds_its_routes_and_any_other_path_is_not_found() {
        let routes = table();
        for path in ["/", "/about", "/sermons", "/events", "/sermons/"] {
            for lang in [Lang::En, Lang::Sw] {
                assert!(
                    matches!(page_for(Some(&routes), path, lang), Page::Found(_)),
                    "{path}"
                );
            }
        }
        assert_eq!(
            page_for(Some(&routes), "/events", Lang::Sw),
            Page::Found(&PageText {
                title: Some("Matukio".into()),
                description:
                    "Matukio yajayo, shughuli za kila wiki na kalenda ya kanisa la {church}.".into(),
            })
        );
        assert_eq!(
            page_for(Some(&routes), "/sermons/x", Lang::En),
            Page::NotFound(&routes.not_found.en)
        );
        assert_eq!(
            page_for(Some(&routes), "/admin", Lang::Sw),
            Page::NotFound(&routes.not_found.sw)
        );
        assert_eq!(page_for(None, "/events", Lang::En), Page::Unknown);
    }

    #[test]
    fn a_table_without_routes_or_texts_is_refused() {
        let valid = json!({
            "routes": [{"path": "/", "en": {"title": null, "description": "d"},
                        "sw": {"title": null, "description": "d"}}],
            "notFound": {"en": {"title": "x", "description": "d"}, "sw": {"title": "x", "description": "d"}},
        });
        assert!(RouteTable::from_json(valid.to_string().as_bytes()).is_ok());
        let mut no_routes = valid.clone();
        no_routes["routes"] = json!([]);
        let mut relative = valid.clone();
        relative["routes"][0]["path"] = json!("events");
        let mut no_swahili = valid.clone();
        no_swahili["notFound"].as_object_mut().unwrap().remove("sw");
        let mut no_not_found = valid.clone();
        no_not_found.as_object_mut().unwrap().remove("notFound");
        for bad in [
            String::new(),
            "not json".into(),
            "[]".into(),
            no_routes.to_string(),
            relative.to_string(),
            no_swahili.to_string(),
            no_not_found.to_string(),
        ] {
            assert!(RouteTable::from_json(bad.as_bytes()).is_err(), "{bad}");
        }
    }
}
