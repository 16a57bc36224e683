//! Property tests: no input makes any parser panic, and generated valid requests parse back
//! to the tree they were rendered from.

use proptest::prelude::*;

use super::*;
use crate::ast::*;

// ---------------------------------------------------------------- arbitrary input

fn tricky_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => prop::sample::select(vec![
            '.', ',', ':', '(', ')', '"', '\\', '{', '}', '[', ']', '!', '-', '>', '*', '%', '&',
            '=', '+', ' ', '\t', '\n', '\0', 'a', 'n', 'o', 't', 'r', 'q', 'e', '0', '9', 'F',
            'é', '名', '😀', '\u{200b}', '\u{feff}',
        ]),
        1 => any::<char>(),
    ]
}

fn tricky_string(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(tricky_char(), 0..max).prop_map(|v| v.into_iter().collect())
}

/// Pieces of the grammar glued together with noise, so that inputs reach deep into parsers.
fn grammar_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => tricky_string(8),
        2 => prop::sample::select(vec![
            "select=", "order=", "limit=", "offset=", "columns=", "on_conflict=", "or=(",
            "and(", "not.or=(", "rel.", "rel.or=", "eq.", "not.", "in.(", "is.", "like(any).{",
            "fts(english).", "cs.", "ov.(", "->", "->>", "::", "...", "!inner", "!hint", "(", ")",
            ",", "\"", "\\\"", "%", "%2", "%22", "%FF", "%C3%A9", "%00", "+", "&", "=", "*",
            "a:", "(((((((((", "{a,\"b\"}", "null", "desc.nullslast",
        ])
        .prop_map(str::to_owned),
    ];
    prop::collection::vec(piece, 0..16).prop_map(|v| v.concat())
}

fn check_error(e: &ParseError, text_chars: usize) {
    assert!(!e.message.is_empty());
    if let Some(p) = e.position {
        assert!(
            p >= 1 && p <= text_chars + 1,
            "position {p} outside 1..={}",
            text_chars + 1
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn query_strings_never_panic(q in grammar_soup()) {
        let _ = parse_query(&q, |k| k.starts_with('r'));
        let _ = parse_query(&q, |_| false);
    }

    #[test]
    fn values_never_panic(v in grammar_soup(), k in tricky_string(12)) {
        let n = v.chars().count();
        for r in [
            parse_select(&v).err(),
            parse_order(&v).err(),
            parse_columns(&v).err(),
            parse_filter(&k, &v).err(),
            parse_filter(&v, "eq.1").err(),
            parse_logic("or", &v).err(),
            parse_logic(&v, "(a.eq.1)").err(),
        ].into_iter().flatten() {
            check_error(&r, n.max(k.chars().count()));
        }
        let _ = parse_prefer(&[&v, &k]);
        let _ = parse_range(&v);
    }

    #[test]
    fn unicode_strings_never_panic(s in any::<String>()) {
        let _ = parse_query(&s, |_| false);
        let _ = parse_select(&s);
        let _ = parse_order(&s);
        let _ = parse_filter(&s, &s);
        let _ = parse_logic("and", &s);
        let _ = parse_prefer(&[&s]);
        let _ = parse_range(&s);
    }
}

// ---------------------------------------------------------------- generated valid requests

/// A name and how it is written: plain identifiers (no keywords) or any text, double-quoted.
fn name() -> impl Strategy<Value = (String, String)> {
    const KEYWORDS: &[&str] = &[
        "inner",
        "left",
        "count",
        "not",
        "and",
        "or",
        "order",
        "limit",
        "offset",
        "select",
        "columns",
        "on_conflict",
    ];
    prop_oneof![
        3 => "[a-z_][a-z0-9_$]{0,8}"
            .prop_filter("keyword", |s| !KEYWORDS.contains(&s.as_str()))
            .prop_map(|s| (s.clone(), s)),
        1 => tricky_string(10).prop_map(|s| (s.clone(), quoted(&s))),
    ]
}

fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

fn json_path() -> impl Strategy<Value = (Vec<JsonStep>, String)> {
    let step = (
        any::<bool>(),
        prop_oneof![
            any::<i64>().prop_map(|i| (JsonKey::Index(i), i.to_string())),
            name().prop_map(|(t, r)| (JsonKey::Key(t), r)),
        ],
    )
        .prop_map(|(double, (key, rendered))| {
            if double {
                (JsonStep::DoubleArrow(key), format!("->>{rendered}"))
            } else {
                (JsonStep::Arrow(key), format!("->{rendered}"))
            }
        });
    prop::collection::vec(step, 0..3).prop_map(|steps| {
        let rendered = steps.iter().map(|(_, r)| r.as_str()).collect::<String>();
        (steps.into_iter().map(|(s, _)| s).collect(), rendered)
    })
}

fn field() -> impl Strategy<Value = (Field, String)> {
    (name(), json_path()).prop_map(|((n, rn), (path, rp))| {
        (
            Field {
                name: n,
                json_path: path,
            },
            format!("{rn}{rp}"),
        )
    })
}

const COMPARE: &[(CompareOp, &str)] = &[
    (CompareOp::Eq, "eq"),
    (CompareOp::Neq, "neq"),
    (CompareOp::Gt, "gt"),
    (CompareOp::Gte, "gte"),
    (CompareOp::Lt, "lt"),
    (CompareOp::Lte, "lte"),
    (CompareOp::Like, "like"),
    (CompareOp::Ilike, "ilike"),
    (CompareOp::Match, "match"),
    (CompareOp::Imatch, "imatch"),
];
const RANGE: &[(RangeOp, &str)] = &[
    (RangeOp::Contains, "cs"),
    (RangeOp::ContainedIn, "cd"),
    (RangeOp::Overlap, "ov"),
    (RangeOp::StrictlyLeft, "sl"),
    (RangeOp::StrictlyRight, "sr"),
    (RangeOp::NotExtendLeft, "nxl"),
    (RangeOp::NotExtendRight, "nxr"),
    (RangeOp::Adjacent, "adj"),
];
const FTS: &[(FtsOp, &str)] = &[
    (FtsOp::Fts, "fts"),
    (FtsOp::Plfts, "plfts"),
    (FtsOp::Phfts, "phfts"),
    (FtsOp::Wfts, "wfts"),
];
const IS: &[(IsValue, &str)] = &[
    (IsValue::Null, "null"),
    (IsValue::NotNull, "not_null"),
    (IsValue::True, "true"),
    (IsValue::False, "false"),
    (IsValue::Unknown, "unknown"),
];

fn pg_array(items: &[String]) -> String {
    format!(
        "{{{}}}",
        items
            .iter()
            .map(|s| quoted(s))
            .collect::<Vec<_>>()
            .join(",")
    )
}

fn in_list(items: &[String]) -> String {
    format!(
        "({})",
        items
            .iter()
            .map(|s| quoted(s))
            .collect::<Vec<_>>()
            .join(",")
    )
}

fn like_stars(op: CompareOp, values: Vec<String>) -> Vec<String> {
    if matches!(op, CompareOp::Like | CompareOp::Ilike) {
        values.into_iter().map(|v| v.replace('*', "%")).collect()
    } else {
        values
    }
}

fn overlap(op: RangeOp, v: String) -> String {
    match v.strip_prefix('(').and_then(|s| s.strip_suffix(')')) {
        Some(inner) if op == RangeOp::Overlap => format!("{{{inner}}}"),
        _ => v,
    }
}

/// An operation and its rendering as a top-level value (`top`) and inside a logic tree
/// (`nested`, where free text must be quoted).
fn operation() -> impl Strategy<Value = (Operation, String, String)> {
    let text = || tricky_string(12);
    let case_mix = prop::collection::vec(any::<bool>(), 8);
    prop_oneof![
        (prop::sample::select(COMPARE), text()).prop_map(|((op, s), v)| {
            let values = like_stars(op, vec![v.clone()]);
            (
                Operation::Compare {
                    op,
                    quantifier: None,
                    values,
                },
                format!("{s}.{v}"),
                format!("{s}.{}", quoted(&v)),
            )
        }),
        (
            prop::sample::select(COMPARE),
            any::<bool>(),
            prop::collection::vec(text(), 0..4),
        )
            .prop_map(|((op, s), any, items)| {
                let (q, qs) = if any {
                    (Quantifier::Any, "any")
                } else {
                    (Quantifier::All, "all")
                };
                let arr = pg_array(&items);
                (
                    Operation::Compare {
                        op,
                        quantifier: Some(q),
                        values: like_stars(op, items),
                    },
                    format!("{s}({qs}).{arr}"),
                    format!("{s}({qs}).{}", quoted(&arr)),
                )
            }),
        (prop::sample::select(IS), case_mix).prop_map(|((v, s), upper)| {
            let mixed: String = s
                .chars()
                .zip(upper.into_iter().cycle())
                .map(|(c, u)| if u { c.to_ascii_uppercase() } else { c })
                .collect();
            (
                Operation::Is(v),
                format!("is.{mixed}"),
                format!("is.{mixed}"),
            )
        }),
        text().prop_map(|v| (
            Operation::IsDistinct(v.clone()),
            format!("isdistinct.{v}"),
            format!("isdistinct.{}", quoted(&v)),
        )),
        prop::collection::vec(text(), 0..4).prop_map(|items| {
            let list = in_list(&items);
            (
                Operation::In(items),
                format!("in.{list}"),
                format!("in.{list}"),
            )
        }),
        (prop::sample::select(RANGE), text()).prop_map(|((op, s), v)| (
            Operation::Range {
                op,
                value: overlap(op, v.clone())
            },
            format!("{s}.{v}"),
            format!("{s}.{}", quoted(&v)),
        )),
        (
            prop::sample::select(FTS),
            prop::option::of("[a-z_][a-z0-9_]{0,8}"),
            text(),
        )
            .prop_map(|((op, s), config, v)| {
                let cfg = config
                    .as_ref()
                    .map(|c| format!("({c})"))
                    .unwrap_or_default();
                (
                    Operation::Fts {
                        op,
                        config,
                        value: v.clone(),
                    },
                    format!("{s}{cfg}.{v}"),
                    format!("{s}{cfg}.{}", quoted(&v)),
                )
            }),
    ]
}

fn scoped_filter() -> impl Strategy<Value = (Scoped<Condition>, String, String)> {
    (
        prop::collection::vec(name(), 0..3),
        field(),
        any::<bool>(),
        operation(),
    )
        .prop_map(|(path, (f, rf), negated, (op, top, _))| {
            let mut key: Vec<String> = path.iter().map(|(_, r)| r.clone()).collect();
            key.push(rf);
            let not = if negated { "not." } else { "" };
            (
                Scoped {
                    path: path.into_iter().map(|(t, _)| t).collect(),
                    value: Condition::Filter {
                        field: f,
                        negated,
                        op,
                    },
                },
                key.join("."),
                format!("{not}{top}"),
            )
        })
}

/// A logic tree and its rendering as the value of `or=` / `and=` (children in parentheses).
fn logic_tree() -> impl Strategy<Value = (Condition, String)> {
    let leaf =
        (field(), any::<bool>(), operation()).prop_map(|((f, rf), negated, (op, _, nested))| {
            let not = if negated { "not." } else { "" };
            (
                Condition::Filter {
                    field: f,
                    negated,
                    op,
                },
                format!("{rf}.{not}{nested}"),
            )
        });
    let tree = leaf.prop_recursive(4, 24, 4, |inner| {
        (
            any::<bool>(),
            any::<bool>(),
            prop::collection::vec(inner, 1..4),
        )
            .prop_map(|(or, negated, children)| {
                let (op, word) = if or {
                    (LogicOp::Or, "or")
                } else {
                    (LogicOp::And, "and")
                };
                let not = if negated { "not." } else { "" };
                let rendered = children.iter().map(|(_, r)| r.as_str()).collect::<Vec<_>>();
                (
                    Condition::Logic {
                        op,
                        negated,
                        children: children.iter().map(|(c, _)| c.clone()).collect(),
                    },
                    format!("{not}{word}({})", rendered.join(",")),
                )
            })
    });
    (
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(tree, 1..4),
    )
        .prop_map(|(or, negated, children)| {
            let op = if or { LogicOp::Or } else { LogicOp::And };
            let rendered = children
                .iter()
                .map(|(_, r)| r.as_str())
                .collect::<Vec<_>>()
                .join(",");
            (
                Condition::Logic {
                    op,
                    negated,
                    children: children.into_iter().map(|(c, _)| c).collect(),
                },
                format!("({rendered})"),
            )
        })
}

fn select_items() -> impl Strategy<Value = Vec<(SelectItem, String)>> {
    let cast = prop::option::of("[a-z_][a-z0-9_]{0,8}");
    let leaf = prop_oneof![
        1 => Just((SelectItem::Star, "*".to_owned())),
        4 => (prop::option::of(name()), field(), cast).prop_map(|(alias, (f, rf), cast)| {
            let ra = alias.as_ref().map(|(_, r)| format!("{r}:")).unwrap_or_default();
            let rc = cast.as_ref().map(|c| format!("::{c}")).unwrap_or_default();
            (
                SelectItem::Field { field: f, alias: alias.map(|(t, _)| t), cast },
                format!("{ra}{rf}{rc}"),
            )
        }),
    ];
    let item = leaf.prop_recursive(4, 32, 4, |inner| {
        (
            name(),
            prop::option::of(name()),
            prop::option::of(name()),
            prop::option::of(any::<bool>()),
            any::<bool>(),
            any::<bool>(),
            prop::collection::vec(inner, 0..4),
        )
            .prop_map(|(rel, alias, hint, join, spread, join_first, children)| {
                let alias = if spread { None } else { alias };
                let join = join.map(|inner| {
                    if inner {
                        JoinKind::Inner
                    } else {
                        JoinKind::Left
                    }
                });
                let rj = match join {
                    Some(JoinKind::Inner) => "!inner",
                    Some(JoinKind::Left) => "!left",
                    None => "",
                };
                let rh = hint
                    .as_ref()
                    .map(|(_, r)| format!("!{r}"))
                    .unwrap_or_default();
                let params = if join_first {
                    format!("{rj}{rh}")
                } else {
                    format!("{rh}{rj}")
                };
                let prefix = if spread {
                    "...".to_owned()
                } else {
                    alias
                        .as_ref()
                        .map(|(_, r)| format!("{r}:"))
                        .unwrap_or_default()
                };
                let body = children
                    .iter()
                    .map(|(_, r)| r.as_str())
                    .collect::<Vec<_>>()
                    .join(",");
                (
                    SelectItem::Embed {
                        relation: rel.0,
                        alias: alias.map(|(t, _)| t),
                        hint: hint.map(|(t, _)| t),
                        join,
                        spread,
                        select: children.into_iter().map(|(i, _)| i).collect(),
                    },
                    format!("{prefix}{}{params}({body})", rel.1),
                )
            })
    });
    prop::collection::vec(item, 0..5)
}

/// The `application/x-www-form-urlencoded` serializer of URLSearchParams.
fn form_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b' ' => out.push('+'),
            b'*' | b'-' | b'.' | b'_' => out.push(b as char),
            b if b.is_ascii_alphanumeric() => out.push(b as char),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(800))]

    #[test]
    fn filters_round_trip((want, key, value) in scoped_filter()) {
        prop_assert_eq!(parse_filter(&key, &value), Ok(want.clone()));
        // Through the query string too, encoded as postgrest-js (URLSearchParams) does. The
        // key's last segment must not be a reserved word, which `name()` guarantees.
        let q = format!("{}={}", form_encode(&key), form_encode(&value));
        let parsed = parse_query(&q, |_| false);
        prop_assert!(parsed.is_ok(), "{q}: {parsed:?}");
        let parsed = parsed.unwrap_or_default();
        prop_assert_eq!(parsed.conditions, vec![want]);
    }

    #[test]
    fn logic_trees_round_trip((want, value) in logic_tree(), path in prop::collection::vec(name(), 0..2)) {
        let mut key: Vec<String> = path.iter().map(|(_, r)| r.clone()).collect();
        let (negated, word) = match &want {
            Condition::Logic { negated, op: LogicOp::Or, .. } => (*negated, "or"),
            Condition::Logic { negated, .. } => (*negated, "and"),
            Condition::Filter { .. } => (false, "or"),
        };
        if negated {
            key.push("not".into());
        }
        key.push(word.into());
        let key = key.join(".");
        let got = parse_logic(&key, &value);
        prop_assert_eq!(
            got,
            Ok(Scoped { path: path.into_iter().map(|(t, _)| t).collect(), value: want }),
            "{}={}", key, value
        );
    }

    #[test]
    fn select_round_trips(items in select_items()) {
        let rendered = items.iter().map(|(_, r)| r.as_str()).collect::<Vec<_>>().join(",");
        let want: Vec<SelectItem> = items.into_iter().map(|(i, _)| i).collect();
        prop_assert_eq!(parse_select(&rendered), Ok(want.clone()), "{}", rendered);
        let q = format!("select={}", form_encode(&rendered));
        prop_assert_eq!(parse_query(&q, |_| false).map(|p| p.select), Ok(Some(want)));
    }

    #[test]
    fn rpc_args_round_trip(pairs in prop::collection::vec((any::<String>(), any::<String>()), 0..8)) {
        // Keys that cannot be reserved: a fixed prefix and suffix around anything.
        let pairs: Vec<(String, String)> =
            pairs.into_iter().map(|(k, v)| (format!("arg{k}_"), v)).collect();
        let q = pairs
            .iter()
            .map(|(k, v)| format!("{}={}", form_encode(k), form_encode(v)))
            .collect::<Vec<_>>()
            .join("&");
        let parsed = parse_query(&q, |_| true).map(|p| p.rpc_args);
        prop_assert_eq!(parsed, Ok(pairs));
    }

    #[test]
    fn limits_and_ranges_round_trip(a in any::<u64>(), b in any::<u64>()) {
        let p = parse_query(&format!("limit={a}&x.offset={b}"), |_| false);
        prop_assert_eq!(
            p.map(|p| (p.limit, p.offset)),
            Ok((vec![Scoped { path: vec![], value: a }],
                vec![Scoped { path: vec!["x".to_owned()], value: b }]))
        );
        let (first, last) = (a.min(b), a.max(b));
        prop_assert_eq!(parse_range(&format!("{first}-{last}")), Ok(RangeHeader { first, last: Some(last) }));
        prop_assert_eq!(parse_range(&format!("{first}-")), Ok(RangeHeader { first, last: None }));
        if first < last {
            let backwards = format!("{last}-{first}");
            prop_assert!(parse_range(&backwards).is_err());
        }
    }
}
