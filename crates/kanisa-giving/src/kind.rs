//! Giving types. The public form offers tithe, offering and special; the back office also
//! records building fund and missions; the schema stores the union (migration 0002:
//! `special` is stored as `special_project`).

use rand::Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GivingType {
    Tithe,
    Offering,
    SpecialProject,
    BuildingFund,
    Missions,
}

impl GivingType {
    /// Reads the public form's value (`tithe`, `offering`, `special`) or a stored one.
    pub fn parse(s: &str) -> Option<GivingType> {
        Some(match s.trim() {
            "tithe" => GivingType::Tithe,
            "offering" => GivingType::Offering,
            "special" | "special_project" => GivingType::SpecialProject,
            "building_fund" => GivingType::BuildingFund,
            "missions" => GivingType::Missions,
            _ => return None,
        })
    }

    /// The value stored in `giving_records.giving_type`.
    pub fn stored(self) -> &'static str {
        match self {
            GivingType::Tithe => "tithe",
            GivingType::Offering => "offering",
            GivingType::SpecialProject => "special_project",
            GivingType::BuildingFund => "building_fund",
            GivingType::Missions => "missions",
        }
    }

    /// How a donor reads it ("Thank you for your generous {type} …").
    pub fn label(self) -> &'static str {
        match self {
            GivingType::Tithe => "tithe",
            GivingType::Offering => "offering",
            GivingType::SpecialProject => "special project gift",
            GivingType::BuildingFund => "building fund gift",
            GivingType::Missions => "missions gift",
        }
    }

    /// The reference's type part: the first three letters of the form's value, uppercased
    /// (public-site §7: tithe → TIT, offering → OFF, special → SPE).
    pub fn code(self) -> &'static str {
        match self {
            GivingType::Tithe => "TIT",
            GivingType::Offering => "OFF",
            GivingType::SpecialProject => "SPE",
            GivingType::BuildingFund => "BUI",
            GivingType::Missions => "MIS",
        }
    }
}

/// Our payment reference (public-site §7): `{accountReference}_{TYP}_{timestamp}_{6 random}`,
/// the timestamp in milliseconds, the random part six characters of `[A-Z0-9]`.
pub fn payment_reference(account_reference: &str, kind: GivingType, timestamp_ms: i64) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut rng = rand::rng();
    let random: String = (0..6)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect();
    format!(
        "{account_reference}_{}_{timestamp_ms}_{random}",
        kind.code()
    )
}

/// The giving type of a paybill gift from the account the payer typed: its first word, case and
/// punctuation ignored — `TITHE`/`TITH`/`ZAKA` (Kiswahili), `OFFERING`/`SADAKA`,
/// `BUILDING`/`JENGO`, `MISSION(S)`, `SPECIAL`/`PROJECT`.
/// Anything else, or nothing, is an offering: an undesignated gift goes to the offering pool
/// (the Combined Offering Plan), and finance staff can re-designate it.
pub fn type_from_account(account: &str) -> GivingType {
    let first: String = account
        .trim()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find(|w| !w.is_empty())
        .unwrap_or("")
        .to_ascii_uppercase();
    match first.as_str() {
        "TITHE" | "TITHES" | "TITH" | "TITHING" | "ZAKA" => GivingType::Tithe,
        "BUILDING" | "BUILD" | "JENGO" | "CONSTRUCTION" => GivingType::BuildingFund,
        "MISSION" | "MISSIONS" | "MISHENI" => GivingType::Missions,
        "SPECIAL" | "PROJECT" | "PROJECTS" => GivingType::SpecialProject,
        _ => GivingType::Offering,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_public_forms_values_map_onto_the_stored_set() {
        assert_eq!(
            GivingType::parse("special").map(GivingType::stored),
            Some("special_project")
        );
        assert_eq!(
            GivingType::parse("tithe").map(GivingType::stored),
            Some("tithe")
        );
        assert_eq!(
            GivingType::parse("offering").map(GivingType::code),
            Some("OFF")
        );
        assert_eq!(GivingType::parse("donation"), None);
    }

    #[test]
    fn references_follow_section_7() {
        let r = payment_reference("KANISA", GivingType::Tithe, 1_795_548_243_000);
        let parts: Vec<&str> = r.split('_').collect();
        assert_eq!(parts[..3], ["KANISA", "TIT", "1795548243000"]);
        assert_eq!(parts[3].len(), 6);
        assert!(
            parts[3]
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        );
        assert_ne!(
            r,
            payment_reference("KANISA", GivingType::Tithe, 1_795_548_243_000)
        );
    }

    #[test]
    fn a_paybill_account_names_the_giving_type_or_is_an_offering() {
        for (account, want) in [
            ("TITHE", GivingType::Tithe),
            ("tithe 2024-017", GivingType::Tithe),
            ("Zaka", GivingType::Tithe),
            ("building", GivingType::BuildingFund),
            ("JENGO", GivingType::BuildingFund),
            ("missions", GivingType::Missions),
            ("Special project", GivingType::SpecialProject),
            ("OFFERING", GivingType::Offering),
            ("Sadaka", GivingType::Offering),
            ("", GivingType::Offering),
            ("0712345678", GivingType::Offering),
            ("#TITHE", GivingType::Tithe),
        ] {
            assert_eq!(type_from_account(account), want, "{account:?}");
        }
    }
}
