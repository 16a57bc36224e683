//! The menu as a pure function of the session's `text`: [`walk`] reads every answer so far
//! (joined with `*` by the gateway) into the screen the caller is on, and the screen builders
//! below lay a screen out in at most [`MAX_SCREEN`] plain GSM characters. Nothing here reads the
//! database or the clock: the same `text` is always the same screen, so a repeated step answers
//! the same, on any instance.
//!
//! Navigation: the numbers on each screen; `0` goes back, `00` goes home (on the amount screen
//! every answer but `00` is an amount, so `0` is an amount of 0, refused with its note); a wrong
//! answer repeats the screen with a short note. On the prayer screen the rest of `text` is the
//! request: a `*` the caller typed cannot be told from the separator, so it is kept as typed.

use kanisa_giving::{AmountError, MAX_AMOUNT, MIN_AMOUNT, parse_amount};

use super::gsm::{cut, plain};
use super::texts::{CHOOSE_LANGUAGE, Lang, Texts, fill};

/// The longest reply, its 4-letter prefix included (the usual safe limit across Kenyan networks).
pub const MAX_SCREEN: usize = 182;

/// A fund the menu gives to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fund {
    Tithe,
    Offering,
    Special,
}

impl Fund {
    const ALL: [Fund; 3] = [Fund::Tithe, Fund::Offering, Fund::Special];

    /// The giving type the payment form takes.
    pub fn giving_type(self) -> &'static str {
        match self {
            Fund::Tithe => "tithe",
            Fund::Offering => "offering",
            Fund::Special => "special",
        }
    }

    fn index(self) -> usize {
        match self {
            Fund::Tithe => 0,
            Fund::Offering => 1,
            Fund::Special => 2,
        }
    }

    /// The fund's name on a screen ("Tithe", "Zaka").
    pub fn name(self, t: &Texts) -> &'static str {
        let item = t.funds[self.index()];
        item.split_once(' ').map_or(item, |(_, name)| name)
    }
}

/// Where the caller is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The first screen of a phone with no remembered language, or "5" from home.
    Language,
    Home,
    Services,
    /// This week's events, from the services screen.
    Events,
    GiveFund,
    GiveAmount {
        fund: Fund,
    },
    GiveConfirm {
        fund: Fund,
        amount: u64,
    },
    /// Confirmed: the prompt goes to the phone (ends the session).
    Give {
        fund: Fund,
        amount: u64,
    },
    MyGiving,
    PrayerAsk,
    /// The request typed (ends the session).
    Prayer {
        text: String,
    },
}

impl Screen {
    /// Whether the screen ends the session once shown.
    pub fn ends(&self) -> bool {
        matches!(self, Screen::Give { .. } | Screen::Prayer { .. })
    }
}

/// Why the screen is shown again, said on its first line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    Invalid,
    Cancelled,
    AmountSmall,
    AmountLarge,
    AmountDigits,
    PrayerEmpty,
}

impl Note {
    pub fn text(self, t: &Texts) -> String {
        let (min, max) = (MIN_AMOUNT.to_string(), kes(MAX_AMOUNT));
        let limits = [("min", min.as_str()), ("max", max.as_str())];
        match self {
            Note::Invalid => t.invalid.to_owned(),
            Note::Cancelled => t.cancelled.to_owned(),
            Note::AmountSmall => fill(t.amount_small, &limits),
            Note::AmountLarge => fill(t.amount_large, &limits),
            Note::AmountDigits => t.amount_digits.to_owned(),
            Note::PrayerEmpty => t.prayer_empty.to_owned(),
        }
    }
}

/// What `text` comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The language of the screen.
    pub lang: Lang,
    pub screen: Screen,
    pub note: Option<Note>,
    /// A language the caller chose in this session (to remember for the phone).
    pub chosen: Option<Lang>,
}

/// Reads `text`: `chose_language` says whether the session began on the language screen,
/// `lang` is the phone's remembered language (English when none).
pub fn walk(text: &str, chose_language: bool, lang: Lang) -> Walk {
    let tokens: Vec<&str> = if text.is_empty() {
        Vec::new()
    } else {
        text.split('*').collect()
    };
    let mut walk = Walk {
        lang,
        screen: Screen::Home,
        note: None,
        chosen: None,
    };
    let mut stack = vec![if chose_language {
        Screen::Language
    } else {
        Screen::Home
    }];
    for (i, raw) in tokens.iter().enumerate() {
        let answer = raw.trim();
        walk.note = None;
        let here = stack.last().cloned().unwrap_or(Screen::Home);
        match here {
            Screen::Language => match answer {
                "1" | "2" => {
                    let chosen = if answer == "1" { Lang::En } else { Lang::Sw };
                    walk.lang = chosen;
                    walk.chosen = Some(chosen);
                    stack = vec![Screen::Home];
                }
                _ => walk.note = Some(Note::Invalid),
            },
            Screen::GiveAmount { fund } => {
                if answer == "00" {
                    stack.truncate(1);
                    continue;
                }
                match parse_amount(answer) {
                    Ok(amount) if answer.bytes().all(|b| b.is_ascii_digit()) => {
                        stack.push(Screen::GiveConfirm { fund, amount });
                    }
                    Ok(_) | Err(AmountError::Invalid | AmountError::Missing) => {
                        walk.note = Some(Note::AmountDigits);
                    }
                    Err(AmountError::TooSmall) => walk.note = Some(Note::AmountSmall),
                    Err(AmountError::TooLarge) => walk.note = Some(Note::AmountLarge),
                }
            }
            Screen::PrayerAsk => match answer {
                "0" => {
                    stack.pop();
                }
                "00" => stack.truncate(1),
                "" => walk.note = Some(Note::PrayerEmpty),
                _ => {
                    let request = tokens[i..].join("*").trim().to_owned();
                    walk.screen = Screen::Prayer { text: request };
                    return walk;
                }
            },
            _ if answer == "00" => stack.truncate(1),
            _ if answer == "0" && stack.len() > 1 => {
                stack.pop();
            }
            Screen::Home => match answer {
                "1" => stack.push(Screen::Services),
                "2" => stack.push(Screen::GiveFund),
                "3" => stack.push(Screen::MyGiving),
                "4" => stack.push(Screen::PrayerAsk),
                "5" => stack.push(Screen::Language),
                _ => walk.note = Some(Note::Invalid),
            },
            Screen::GiveFund => match answer {
                "1" | "2" | "3" => {
                    let fund = Fund::ALL[usize::from(answer.as_bytes()[0] - b'1')];
                    stack.push(Screen::GiveAmount { fund });
                }
                _ => walk.note = Some(Note::Invalid),
            },
            Screen::GiveConfirm { fund, amount } => match answer {
                "1" => {
                    walk.screen = Screen::Give { fund, amount };
                    return walk;
                }
                "2" => {
                    stack.truncate(1);
                    walk.note = Some(Note::Cancelled);
                }
                _ => walk.note = Some(Note::Invalid),
            },
            Screen::Services => match answer {
                "1" => stack.push(Screen::Events),
                _ => walk.note = Some(Note::Invalid),
            },
            Screen::Events | Screen::MyGiving => walk.note = Some(Note::Invalid),
            // Ending screens return above; nothing follows them.
            Screen::Give { .. } | Screen::Prayer { .. } => return walk,
        }
    }
    walk.screen = stack.pop().unwrap_or(Screen::Home);
    walk
}

/// A whole number of shillings with thousands separators: 250,000.
pub fn kes(amount: u64) -> String {
    let digits = amount.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Shillings and cents as stored (numeric), shown whole when they are: 1,500 or 1,500.50.
pub fn kes_decimal(amount: f64) -> String {
    let whole = amount.trunc() as u64;
    let cents = ((amount - amount.trunc()) * 100.0).round() as u64;
    if cents == 0 {
        kes(whole)
    } else {
        format!("{}.{cents:02}", kes(whole))
    }
}

/// A reply: the screen, and whether it ends the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub end: bool,
    pub text: String,
}

impl Reply {
    /// The body the gateway reads (`CON …` / `END …`, kanisa-notify's USSD wire).
    pub fn body(&self) -> String {
        kanisa_notify::ussd_reply(self.end, &self.text)
    }
}

/// Lays out a screen: the note (if any), the fixed lines, as many of the `list` lines as fit,
/// then the footer. When even that is too long the note goes (the screen itself matters more),
/// and as a last resort the text is cut to [`MAX_SCREEN`] characters.
pub fn layout(
    end: bool,
    note: Option<String>,
    head: &[String],
    list: &[String],
    footer: &[&str],
) -> Reply {
    let room = MAX_SCREEN - 4;
    let build = |with_note: bool, n: usize| {
        let mut lines: Vec<String> = Vec::new();
        if with_note {
            lines.extend(note.clone());
        }
        lines.extend(head.iter().cloned());
        lines.extend(list.iter().take(n).cloned());
        lines.extend(footer.iter().map(|s| (*s).to_owned()));
        lines.join("\n")
    };
    let fits = |t: &String| t.chars().count() <= room;
    let mut text = build(true, list.len());
    let mut n = list.len();
    while !fits(&text) && n > 0 {
        n -= 1;
        text = build(true, n);
    }
    if !fits(&text) {
        text = build(false, n);
    }
    if !fits(&text) {
        text = text.chars().take(room).collect();
    }
    Reply { end, text }
}

/// The first screen of a phone with no remembered language.
pub fn language_screen(church: &str, note: Option<Note>) -> Reply {
    let note = note.map(|n| {
        format!(
            "{} / {}",
            n.text(Lang::En.texts()),
            n.text(Lang::Sw.texts())
        )
    });
    let head = fill(CHOOSE_LANGUAGE, &[("church", &cut(&plain(church), 40))]);
    layout(false, note, &[head], &[], &[])
}

/// The home menu.
pub fn home_screen(t: &Texts, church: &str, note: Option<Note>) -> Reply {
    let head: Vec<String> = std::iter::once(cut(&plain(church), 40))
        .chain(t.home.iter().map(|s| (*s).to_owned()))
        .collect();
    layout(false, note.map(|n| n.text(t)), &head, &[], &[])
}

/// A weekly service as settings hold it (`{name, name_sw?, day, time}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Service {
    pub name: String,
    pub name_sw: Option<String>,
    /// 0 Monday … 6 Sunday, when the day is one the menu knows.
    pub weekday: Option<usize>,
    pub day: String,
    pub time: String,
}

/// One of this week's events: its weekday (0 Monday), day of month, month, time and title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub weekday: usize,
    pub day: u32,
    pub month: u32,
    pub time: String,
    pub title: String,
}

/// The weekly service times, and the way to this week's events.
pub fn services_screen(t: &Texts, lang: Lang, services: &[Service], note: Option<Note>) -> Reply {
    let list: Vec<String> = services
        .iter()
        .map(|s| {
            let name = match (lang, &s.name_sw) {
                (Lang::Sw, Some(sw)) if !sw.trim().is_empty() => sw.as_str(),
                _ => s.name.as_str(),
            };
            let day = s
                .weekday
                .map_or_else(|| plain(&s.day), |d| t.days[d].to_owned());
            cut(&plain(&format!("{day} {} {name}", s.time)), 40)
        })
        .collect();
    layout(
        false,
        note.map(|n| n.text(t)),
        &[t.services.to_owned()],
        &list,
        &[t.events_item, t.back_home],
    )
}

/// This week's events, as many as fit, the soonest first.
pub fn events_screen(t: &Texts, events: &[Event], note: Option<Note>) -> Reply {
    let list: Vec<String> = if events.is_empty() {
        vec![t.no_events.to_owned()]
    } else {
        events
            .iter()
            .map(|e| {
                cut(
                    &plain(&format!(
                        "{} {}/{} {} {}",
                        t.days[e.weekday], e.day, e.month, e.time, e.title
                    )),
                    40,
                )
            })
            .collect()
    };
    layout(
        false,
        note.map(|n| n.text(t)),
        &[t.this_week.to_owned()],
        &list,
        &[t.back_home],
    )
}

pub fn give_fund_screen(t: &Texts, church: &str, note: Option<Note>) -> Reply {
    let mut head = vec![fill(t.give_to, &[("church", &cut(&plain(church), 40))])];
    head.extend(t.funds.iter().map(|s| (*s).to_owned()));
    layout(false, note.map(|n| n.text(t)), &head, &[], &[t.back_home])
}

pub fn give_amount_screen(t: &Texts, fund: Fund, note: Option<Note>) -> Reply {
    let (min, max) = (MIN_AMOUNT.to_string(), kes(MAX_AMOUNT));
    let head = fill(
        t.amount,
        &[("fund", fund.name(t)), ("min", &min), ("max", &max)],
    );
    layout(false, note.map(|n| n.text(t)), &[head], &[], &[t.home_only])
}

pub fn give_confirm_screen(
    t: &Texts,
    fund: Fund,
    amount: u64,
    phone: &str,
    note: Option<Note>,
) -> Reply {
    let head = fill(
        t.confirm,
        &[
            ("amount", &kes(amount)),
            ("fund", fund.name(t)),
            ("phone", phone),
        ],
    );
    layout(
        false,
        note.map(|n| n.text(t)),
        &[head, t.yes.to_owned(), t.no.to_owned()],
        &[],
        &[t.back],
    )
}

/// How the prompt went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompted {
    Sent,
    Demo,
    Failed,
    Paused,
}

pub fn give_done_screen(t: &Texts, amount: u64, prompted: Prompted) -> Reply {
    let amount = kes(amount);
    let text = match prompted {
        Prompted::Sent => fill(t.prompt_sent, &[("amount", &amount)]),
        Prompted::Demo => fill(t.prompt_demo, &[("amount", &amount)]),
        Prompted::Failed => t.prompt_failed.to_owned(),
        Prompted::Paused => t.giving_paused.to_owned(),
    };
    layout(true, None, &[text], &[], &[])
}

/// A member's giving this year by fund (stored giving type and total), or why there is none.
pub fn my_giving_screen(
    t: &Texts,
    year: i32,
    giving: Option<&[(String, f64)]>,
    note: Option<Note>,
) -> Reply {
    let year = year.to_string();
    let footer = [t.back_home];
    let note = note.map(|n| n.text(t));
    match giving {
        None => layout(false, note, &[t.not_member.to_owned()], &[], &footer),
        Some([]) => layout(
            false,
            note,
            &[fill(t.no_gifts, &[("year", &year)])],
            &[],
            &footer,
        ),
        Some(rows) => {
            let total: f64 = rows.iter().map(|(_, amount)| amount).sum();
            let mut head = vec![fill(t.my_giving, &[("year", &year)])];
            head.extend(rows.iter().map(|(kind, amount)| {
                format!("{} KES {}", t.fund_name(kind), kes_decimal(*amount))
            }));
            head.push(format!("{} KES {}", t.total, kes_decimal(total)));
            layout(false, note, &head, &[], &footer)
        }
    }
}

pub fn prayer_ask_screen(t: &Texts, note: Option<Note>) -> Reply {
    layout(
        false,
        note.map(|n| n.text(t)),
        &[t.prayer_ask.to_owned()],
        &[],
        &[t.back_home],
    )
}

pub fn prayer_done_screen(t: &Texts) -> Reply {
    layout(true, None, &[t.prayer_done.to_owned()], &[], &[])
}

/// A closing screen in the caller's language: the menu switched off, a fault, an answer too long.
pub fn closing(text: &str) -> Reply {
    layout(true, None, &[text.to_owned()], &[], &[])
}

#[cfg(test)]
mod tests {
    use super::super::gsm::is_plain;
    use super::super::texts::{EN, SW};
    use super::*;

    fn at(text: &str) -> Walk {
        walk(text, false, Lang::En)
    }

    #[test]
    fn the_text_reads_into_the_screen() {
        assert_eq!(at("").screen, Screen::Home);
        assert_eq!(at("1").screen, Screen::Services);
        assert_eq!(at("1*0").screen, Screen::Home);
        assert_eq!(at("1*1").screen, Screen::Events);
        assert_eq!(at("1*1*0").screen, Screen::Services);
        assert_eq!(at("2*1").screen, Screen::GiveAmount { fund: Fund::Tithe });
        assert_eq!(
            at("2*2*500").screen,
            Screen::GiveConfirm {
                fund: Fund::Offering,
                amount: 500
            }
        );
        assert_eq!(
            at("2*3*500*1").screen,
            Screen::Give {
                fund: Fund::Special,
                amount: 500
            }
        );
        let cancelled = at("2*3*500*2");
        assert_eq!(
            (cancelled.screen, cancelled.note),
            (Screen::Home, Some(Note::Cancelled))
        );
        assert_eq!(at("2*1*00").screen, Screen::Home);
        assert_eq!(
            at("2*1*500*0").screen,
            Screen::GiveAmount { fund: Fund::Tithe }
        );
        assert_eq!(at("3*00").screen, Screen::Home);
        assert_eq!(
            at("4*Pray for rain*and for peace").screen,
            Screen::Prayer {
                text: "Pray for rain*and for peace".into()
            }
        );
    }

    #[test]
    fn wrong_answers_repeat_the_screen_with_a_note() {
        let w = at("9");
        assert_eq!((w.screen, w.note), (Screen::Home, Some(Note::Invalid)));
        let w = at("2*x");
        assert_eq!((w.screen, w.note), (Screen::GiveFund, Some(Note::Invalid)));
        for (amount, note) in [
            ("0", Note::AmountSmall),
            ("1000000", Note::AmountLarge),
            ("12.5", Note::AmountDigits),
            ("abc", Note::AmountDigits),
            ("1,000", Note::AmountDigits),
        ] {
            let w = at(&format!("2*1*{amount}"));
            assert_eq!(
                (w.screen, w.note),
                (Screen::GiveAmount { fund: Fund::Tithe }, Some(note)),
                "{amount}"
            );
        }
        // A note is about the last answer only.
        assert_eq!(at("9*1").note, None);
        let w = at("4*");
        assert_eq!(
            (w.screen, w.note),
            (Screen::PrayerAsk, Some(Note::PrayerEmpty))
        );
        assert_eq!(
            at("4**Pray").screen,
            Screen::Prayer {
                text: "Pray".into()
            }
        );
    }

    #[test]
    fn the_language_screen_comes_first_for_a_new_phone_and_from_home() {
        let w = walk("", true, Lang::En);
        assert_eq!(w.screen, Screen::Language);
        let w = walk("2*1", true, Lang::En);
        assert_eq!(
            (w.lang, w.chosen, w.screen),
            (Lang::Sw, Some(Lang::Sw), Screen::Services)
        );
        let w = walk("3", true, Lang::En);
        assert_eq!((w.screen, w.note), (Screen::Language, Some(Note::Invalid)));
        let w = walk("5*1", false, Lang::Sw);
        assert_eq!(
            (w.lang, w.chosen, w.screen),
            (Lang::En, Some(Lang::En), Screen::Home)
        );
    }

    #[test]
    fn ten_thousand_characters_are_a_screen_not_a_fault() {
        let long = "1*".repeat(5_000);
        let w = at(&long);
        assert_eq!(w.screen, Screen::Events);
        assert_eq!(w.note, Some(Note::Invalid));
    }

    /// Every screen in both languages with the longest values: within the limit, plain letters.
    #[test]
    fn every_screen_fits_and_is_plain() {
        let church = "Seventh-day Adventist Church of the Great Rift Valley Central Kenya Mission";
        let services: Vec<Service> = (0..6)
            .map(|i| Service {
                name: "Sabbath School and Divine Service with Communion".into(),
                name_sw: Some("Shule ya Sabato na Ibada Kuu pamoja na Meza ya Bwana".into()),
                weekday: Some(i),
                day: "Saturday".into(),
                time: "11:00 AM".into(),
            })
            .collect();
        let events: Vec<Event> = (0..7)
            .map(|i| Event {
                weekday: i,
                day: 28,
                month: 12,
                time: "18:00".into(),
                title: "Youth Harambee and Music Festival — “Jengo” 2026".into(),
            })
            .collect();
        let giving = vec![
            ("tithe".to_owned(), 250_000.5),
            ("offering".to_owned(), 199_999.0),
            ("special_project".to_owned(), 1.0),
            ("building_fund".to_owned(), 123_456.78),
            ("missions".to_owned(), 99_999.0),
        ];
        let notes = [
            None,
            Some(Note::Invalid),
            Some(Note::Cancelled),
            Some(Note::AmountSmall),
            Some(Note::AmountLarge),
            Some(Note::AmountDigits),
            Some(Note::PrayerEmpty),
        ];
        for (lang, t) in [(Lang::En, &EN), (Lang::Sw, &SW)] {
            let mut screens = vec![
                give_done_screen(t, MAX_AMOUNT, Prompted::Sent),
                give_done_screen(t, MAX_AMOUNT, Prompted::Demo),
                give_done_screen(t, 1, Prompted::Failed),
                give_done_screen(t, 1, Prompted::Paused),
                prayer_done_screen(t),
                closing(t.closed),
                closing(t.fault),
                closing(t.too_long),
                my_giving_screen(t, 2026, None, None),
                my_giving_screen(t, 2026, Some(&[]), None),
            ];
            for note in notes {
                screens.push(language_screen(church, note));
                screens.push(home_screen(t, church, note));
                screens.push(services_screen(t, lang, &services, note));
                screens.push(services_screen(t, lang, &[], note));
                screens.push(events_screen(t, &events, note));
                screens.push(events_screen(t, &[], note));
                screens.push(give_fund_screen(t, church, note));
                for fund in Fund::ALL {
                    screens.push(give_amount_screen(t, fund, note));
                    screens.push(give_confirm_screen(t, fund, MAX_AMOUNT, "0712345678", note));
                }
                screens.push(my_giving_screen(t, 2026, Some(&giving), note));
                screens.push(prayer_ask_screen(t, note));
            }
            for s in &screens {
                let body = s.body();
                assert!(
                    body.chars().count() <= MAX_SCREEN,
                    "{} chars: {body}",
                    body.chars().count()
                );
                assert!(body.chars().all(is_plain), "not plain: {body}");
                assert!(body.starts_with("CON ") || body.starts_with("END "));
            }
            // The figures a member reads are never the ones cut away.
            let mine = my_giving_screen(t, 2026, Some(&giving), Some(Note::Invalid)).body();
            assert!(
                mine.contains("250,000.50") && mine.contains(t.back_home),
                "{mine}"
            );
        }
    }

    #[test]
    fn shillings_read_as_people_write_them() {
        assert_eq!(kes(250_000), "250,000");
        assert_eq!(kes(1), "1");
        assert_eq!(kes(1_000), "1,000");
        assert_eq!(kes_decimal(1500.0), "1,500");
        assert_eq!(kes_decimal(1500.5), "1,500.50");
    }
}
