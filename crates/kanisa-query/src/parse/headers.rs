//! The `Prefer` and `Range` headers.

use super::ParseError;
use super::cursor::quote;
use crate::ast::{Count, Preferences, RangeHeader, Resolution, Return};

fn first<T>(slot: &mut Option<T>, value: T) {
    if slot.is_none() {
        *slot = Some(value);
    }
}

/// Each element is one `Prefer` header value, itself a comma-separated list. Items are matched
/// exactly (after trimming spaces); for each preference the first occurrence wins, as in
/// PostgREST. Anything not understood — including a malformed `max-affected` or an empty
/// `timezone` — lands in `unknown`.
pub fn parse_prefer(values: &[&str]) -> Preferences {
    let mut p = Preferences::default();
    let mut missing: Option<bool> = None;
    for item in values.iter().flat_map(|v| v.split(',')) {
        let item = item.trim_matches([' ', '\t']);
        match item {
            "" => {}
            "return=minimal" => first(&mut p.return_, Return::Minimal),
            "return=headers-only" => first(&mut p.return_, Return::HeadersOnly),
            "return=representation" => first(&mut p.return_, Return::Representation),
            "count=exact" => first(&mut p.count, Count::Exact),
            "count=planned" => first(&mut p.count, Count::Planned),
            "count=estimated" => first(&mut p.count, Count::Estimated),
            "resolution=merge-duplicates" => first(&mut p.resolution, Resolution::MergeDuplicates),
            "resolution=ignore-duplicates" => {
                first(&mut p.resolution, Resolution::IgnoreDuplicates);
            }
            "missing=default" => first(&mut missing, true),
            "missing=null" => first(&mut missing, false),
            "tx=commit" => first(&mut p.tx_rollback, false),
            "tx=rollback" => first(&mut p.tx_rollback, true),
            "handling=strict" => first(&mut p.handling_strict, true),
            "handling=lenient" => first(&mut p.handling_strict, false),
            _ => {
                if let Some(n) = item.strip_prefix("max-affected=") {
                    match parse_u64(n) {
                        Some(n) => first(&mut p.max_affected, n),
                        None => p.unknown.push(item.to_owned()),
                    }
                } else if let Some(tz) = item.strip_prefix("timezone=").filter(|tz| !tz.is_empty())
                {
                    first(&mut p.timezone, tz.to_owned());
                } else {
                    p.unknown.push(item.to_owned());
                }
            }
        }
    }
    p.missing_default = missing == Some(true);
    p
}

/// ASCII digits only (no sign, no spaces), within `u64`.
pub(crate) fn parse_u64(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// The `Range` header as PostgREST reads it (an optional `items=` unit first): a value without
/// the `first-last` / `first-` shape is ignored — `Ok(None)`, the whole result — as PostgREST
/// ignores it; a backwards range (`10-5`) is refused.
pub fn range_header(value: &str) -> Result<Option<RangeHeader>, ParseError> {
    let text = value.trim_matches([' ', '\t']);
    let text = text.strip_prefix("items=").unwrap_or(text);
    match text.split_once('-') {
        Some((a, b)) if parse_u64(a).is_some() && (b.is_empty() || parse_u64(b).is_some()) => {
            parse_range(text).map(Some)
        }
        _ => Ok(None),
    }
}

/// `first-last` or `first-` (items, zero-based, inclusive).
pub fn parse_range(value: &str) -> Result<RangeHeader, ParseError> {
    let text = value.trim_matches([' ', '\t']);
    let malformed = || ParseError {
        message: format!("failed to parse Range header ({text})"),
        details: Some(format!(
            "unexpected {} expecting \"first-last\" or \"first-\" with non-negative integers, \
             e.g. \"0-19\"",
            quote(text)
        )),
        position: None,
    };
    let (a, b) = text.split_once('-').ok_or_else(malformed)?;
    let first = parse_u64(a).ok_or_else(malformed)?;
    let last = if b.is_empty() {
        None
    } else {
        Some(parse_u64(b).ok_or_else(malformed)?)
    };
    if let Some(last) = last
        && last < first
    {
        return Err(ParseError {
            message: "Requested range not satisfiable".to_owned(),
            details: Some(format!(
                "the range's last item ({last}) comes before its first ({first})"
            )),
            position: None,
        });
    }
    Ok(RangeHeader { first, last })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::{Count, Resolution, Return};

    #[test]
    fn prefer_items() {
        let p = parse_prefer(&[
            "return=representation, count=exact",
            " resolution=merge-duplicates ,missing=default",
            "tx=rollback,handling=strict,max-affected=5,timezone=America/Los_Angeles",
        ]);
        assert_eq!(p.return_, Some(Return::Representation));
        assert_eq!(p.count, Some(Count::Exact));
        assert_eq!(p.resolution, Some(Resolution::MergeDuplicates));
        assert!(p.missing_default);
        assert_eq!(p.tx_rollback, Some(true));
        assert_eq!(p.handling_strict, Some(true));
        assert_eq!(p.max_affected, Some(5));
        assert_eq!(p.timezone.as_deref(), Some("America/Los_Angeles"));
        assert!(p.unknown.is_empty());
    }

    #[test]
    fn prefer_each_value() {
        let cases: Vec<(&str, Preferences)> = vec![
            (
                "return=minimal",
                Preferences {
                    return_: Some(Return::Minimal),
                    ..Default::default()
                },
            ),
            (
                "return=headers-only",
                Preferences {
                    return_: Some(Return::HeadersOnly),
                    ..Default::default()
                },
            ),
            (
                "count=planned",
                Preferences {
                    count: Some(Count::Planned),
                    ..Default::default()
                },
            ),
            (
                "count=estimated",
                Preferences {
                    count: Some(Count::Estimated),
                    ..Default::default()
                },
            ),
            (
                "resolution=ignore-duplicates",
                Preferences {
                    resolution: Some(Resolution::IgnoreDuplicates),
                    ..Default::default()
                },
            ),
            ("missing=null", Preferences::default()),
            (
                "tx=commit",
                Preferences {
                    tx_rollback: Some(false),
                    ..Default::default()
                },
            ),
            (
                "handling=lenient",
                Preferences {
                    handling_strict: Some(false),
                    ..Default::default()
                },
            ),
            ("", Preferences::default()),
            (" , ,", Preferences::default()),
        ];
        for (input, want) in cases {
            assert_eq!(parse_prefer(&[input]), want, "{input}");
        }
    }

    #[test]
    fn prefer_first_wins_and_unknowns() {
        let p = parse_prefer(&["return=minimal", "return=representation, count=exact"]);
        assert_eq!(p.return_, Some(Return::Minimal));
        assert_eq!(p.count, Some(Count::Exact));
        let p = parse_prefer(&["missing=null, missing=default"]);
        assert!(!p.missing_default);
        let p = parse_prefer(&[
            "foo, return=everything, max-affected=-1, max-affected=x, timezone=, Return=minimal",
        ]);
        assert_eq!(
            p.unknown,
            [
                "foo",
                "return=everything",
                "max-affected=-1",
                "max-affected=x",
                "timezone=",
                "Return=minimal"
            ]
        );
        assert_eq!(p.return_, None);
        assert_eq!(p.max_affected, None);
    }

    #[test]
    fn range_header_ignores_what_is_not_a_range() {
        for ignored in [
            "",
            " ",
            "items=",
            "bytes=0-9",
            "abc",
            "0",
            "-5",
            "1-x",
            "0-19,30-39",
        ] {
            assert_eq!(range_header(ignored), Ok(None), "{ignored:?}");
        }
        assert_eq!(
            range_header("items=0-19"),
            Ok(Some(RangeHeader {
                first: 0,
                last: Some(19)
            }))
        );
        assert_eq!(
            range_header("5-"),
            Ok(Some(RangeHeader {
                first: 5,
                last: None
            }))
        );
        assert!(range_header("10-5").is_err());
    }

    #[test]
    fn ranges() {
        assert_eq!(
            parse_range("0-19"),
            Ok(RangeHeader {
                first: 0,
                last: Some(19)
            })
        );
        assert_eq!(
            parse_range("10-"),
            Ok(RangeHeader {
                first: 10,
                last: None
            })
        );
        assert_eq!(
            parse_range(" 5-5 "),
            Ok(RangeHeader {
                first: 5,
                last: Some(5)
            })
        );
        for bad in [
            "",
            "-",
            "-5",
            "a-b",
            "1-2-3",
            "+1-2",
            "1 -2",
            "99999999999999999999-",
            "1-x",
        ] {
            let err = parse_range(bad).expect_err(bad);
            assert!(
                err.message.starts_with("failed to parse Range header"),
                "{bad}"
            );
            assert!(
                err.details
                    .unwrap_or_default()
                    .contains("expecting \"first-last\"")
            );
        }
        let err = parse_range("10-5").expect_err("backwards");
        assert_eq!(err.message, "Requested range not satisfiable");
        assert!(
            err.details
                .unwrap_or_default()
                .contains("(5) comes before its first (10)")
        );
    }
}
