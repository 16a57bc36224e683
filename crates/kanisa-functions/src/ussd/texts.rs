//! The USSD menu's words, one catalogue per language: every screen's text comes from here, so no
//! code path writes English (or Kiswahili) of its own. Placeholders are `{name}`; every text is
//! plain GSM letters (a test holds each catalogue to it).

/// A language of the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Sw,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Sw => "sw",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "en" => Some(Lang::En),
            "sw" => Some(Lang::Sw),
            _ => None,
        }
    }

    pub fn texts(self) -> &'static Texts {
        match self {
            Lang::En => &EN,
            Lang::Sw => &SW,
        }
    }
}

/// Every text of the menu in one language.
pub struct Texts {
    pub home: [&'static str; 5],
    pub back_home: &'static str,
    pub home_only: &'static str,
    pub services: &'static str,
    pub this_week: &'static str,
    pub events_item: &'static str,
    pub no_events: &'static str,
    pub days: [&'static str; 7],
    pub give_to: &'static str,
    pub funds: [&'static str; 3],
    pub amount: &'static str,
    pub confirm: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    pub back: &'static str,
    pub prompt_sent: &'static str,
    pub prompt_demo: &'static str,
    pub prompt_failed: &'static str,
    pub giving_paused: &'static str,
    pub my_giving: &'static str,
    pub total: &'static str,
    pub no_gifts: &'static str,
    pub not_member: &'static str,
    pub fund_names: [(&'static str, &'static str); 5],
    pub prayer_ask: &'static str,
    pub prayer_done: &'static str,
    pub prayer_sms: &'static str,
    pub prayer_title: &'static str,
    pub invalid: &'static str,
    pub cancelled: &'static str,
    pub amount_small: &'static str,
    pub amount_large: &'static str,
    pub amount_digits: &'static str,
    pub prayer_empty: &'static str,
    pub too_long: &'static str,
    pub closed: &'static str,
    pub fault: &'static str,
}

/// The first screen of a phone with no remembered language: both languages at once.
pub const CHOOSE_LANGUAGE: &str = "Karibu {church}\n1 English\n2 Kiswahili";
/// The home menu's language item, the same in both.
pub const LANGUAGE_ITEM: &str = "5 Lugha/Language";

pub const EN: Texts = Texts {
    home: [
        "1 Services and events",
        "2 Give",
        "3 My giving this year",
        "4 Prayer request",
        LANGUAGE_ITEM,
    ],
    back_home: "0 Back 00 Home",
    home_only: "00 Home",
    services: "Services:",
    this_week: "This week:",
    events_item: "1 This week's events",
    no_events: "No events this week.",
    days: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    give_to: "Give to {church}:",
    funds: ["1 Tithe", "2 Offering", "3 Special project"],
    amount: "{fund}: enter the amount in KES ({min} - {max})",
    confirm: "Give KES {amount} as {fund} from {phone}? An M-Pesa prompt will follow.",
    yes: "1 Yes",
    no: "2 No",
    back: "0 Back",
    prompt_sent: "Thank you. An M-Pesa prompt for KES {amount} is coming to this phone: enter your PIN to give. Your receipt comes by SMS.",
    prompt_demo: "Demo: no money moves. The gift of KES {amount} is recorded as a demo. Thank you.",
    prompt_failed: "Sorry, the M-Pesa prompt could not be sent. Please try again later.",
    giving_paused: "Giving by phone is paused. Please give at church or by paybill.",
    my_giving: "Your giving in {year}:",
    total: "Total",
    no_gifts: "No gifts are recorded for you in {year} yet.",
    not_member: "This phone is not on the church register. To join, speak to the church clerk or visit us on Sabbath.",
    fund_names: [
        ("tithe", "Tithe"),
        ("offering", "Offering"),
        ("special_project", "Special project"),
        ("building_fund", "Building fund"),
        ("missions", "Missions"),
    ],
    prayer_ask: "Type your prayer request in one line. Only the pastor and the prayer team read it.",
    prayer_done: "Thank you. Your request is received and the prayer team will pray for you.",
    prayer_sms: "{church}: we received your prayer request. We are praying with you.",
    prayer_title: "Prayer request by USSD",
    invalid: "Invalid choice.",
    cancelled: "Cancelled.",
    amount_small: "The smallest gift is KES {min}.",
    amount_large: "The largest gift is KES {max}.",
    amount_digits: "Enter whole shillings, digits only.",
    prayer_empty: "Please type your request.",
    too_long: "Your answer is too long. Please dial again.",
    closed: "Sorry, the church USSD menu is closed. Please call the church office.",
    fault: "Sorry, something went wrong. Please try again later.",
};

pub const SW: Texts = Texts {
    home: [
        "1 Ibada na matukio",
        "2 Toa sadaka",
        "3 Utoaji wangu mwaka huu",
        "4 Ombi la maombi",
        LANGUAGE_ITEM,
    ],
    back_home: "0 Rudi 00 Mwanzo",
    home_only: "00 Mwanzo",
    services: "Ibada:",
    this_week: "Wiki hii:",
    events_item: "1 Matukio ya wiki hii",
    no_events: "Hakuna matukio wiki hii.",
    days: [
        "Jumatatu", "Jumanne", "Jumatano", "Alhamisi", "Ijumaa", "Jumamosi", "Jumapili",
    ],
    give_to: "Toa kwa {church}:",
    funds: ["1 Zaka", "2 Sadaka", "3 Mradi maalum"],
    amount: "{fund}: andika kiasi kwa KES ({min} - {max})",
    confirm: "Toa KES {amount} kama {fund} kutoka {phone}? Ombi la M-Pesa litafuata.",
    yes: "1 Ndiyo",
    no: "2 Hapana",
    back: "0 Rudi",
    prompt_sent: "Asante. Ombi la M-Pesa la KES {amount} linakuja kwenye simu hii: weka PIN yako kutoa. Risiti itakuja kwa SMS.",
    prompt_demo: "Majaribio: hakuna pesa inayotoka. Sadaka ya KES {amount} imerekodiwa kama majaribio. Asante.",
    prompt_failed: "Samahani, ombi la M-Pesa halikuweza kutumwa. Tafadhali jaribu tena baadaye.",
    giving_paused: "Kutoa kwa simu kumesitishwa. Tafadhali toa kanisani au kwa paybill.",
    my_giving: "Utoaji wako {year}:",
    total: "Jumla",
    no_gifts: "Bado hakuna sadaka iliyorekodiwa kwako {year}.",
    not_member: "Simu hii haiko kwenye daftari la kanisa. Kujiunga, ongea na karani wa kanisa au utembelee Sabato.",
    fund_names: [
        ("tithe", "Zaka"),
        ("offering", "Sadaka"),
        ("special_project", "Mradi maalum"),
        ("building_fund", "Mfuko wa ujenzi"),
        ("missions", "Misheni"),
    ],
    prayer_ask: "Andika ombi lako la maombi kwa mstari mmoja. Mchungaji na timu ya maombi tu ndio watalisoma.",
    prayer_done: "Asante. Ombi lako limepokelewa na timu ya maombi itakuombea.",
    prayer_sms: "{church}: tumepokea ombi lako la maombi. Tunaomba pamoja nawe.",
    prayer_title: "Ombi la maombi kwa USSD",
    invalid: "Chaguo si sahihi.",
    cancelled: "Imeghairiwa.",
    amount_small: "Sadaka ndogo kabisa ni KES {min}.",
    amount_large: "Kiasi kikubwa kabisa ni KES {max}.",
    amount_digits: "Andika shilingi kamili, tarakimu tu.",
    prayer_empty: "Tafadhali andika ombi lako.",
    too_long: "Jibu lako ni refu mno. Tafadhali piga tena.",
    closed: "Samahani, menyu ya USSD ya kanisa imefungwa. Tafadhali piga simu ofisi ya kanisa.",
    fault: "Samahani, hitilafu imetokea. Tafadhali jaribu tena baadaye.",
};

impl Texts {
    /// A fund's name (a giving type as stored), or the stored word for one this does not know.
    pub fn fund_name<'a>(&self, stored: &'a str) -> &'a str
    where
        'static: 'a,
    {
        self.fund_names
            .iter()
            .find(|(k, _)| *k == stored)
            .map_or(stored, |(_, name)| name)
    }
}

/// `template` with each `{key}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (key, value) in values {
        out = out.replace(&format!("{{{key}}}"), value);
    }
    out
}
