//! Table-driven tests of the query-string grammar: every operator, every select form,
//! quoting, nesting, scoped keys, RPC arguments, limits, and the wording of errors.

use super::*;
use crate::ast::*;

fn field(name: &str) -> Field {
    Field {
        name: name.into(),
        json_path: vec![],
    }
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_owned()).collect()
}

fn filter(name: &str, negated: bool, op: Operation) -> Condition {
    Condition::Filter {
        field: field(name),
        negated,
        op,
    }
}

fn cmp(op: CompareOp, values: &[&str]) -> Operation {
    Operation::Compare {
        op,
        quantifier: None,
        values: strings(values),
    }
}

fn quant(op: CompareOp, q: Quantifier, values: &[&str]) -> Operation {
    Operation::Compare {
        op,
        quantifier: Some(q),
        values: strings(values),
    }
}

fn range(op: RangeOp, value: &str) -> Operation {
    Operation::Range {
        op,
        value: value.into(),
    }
}

fn fts(op: FtsOp, config: Option<&str>, value: &str) -> Operation {
    Operation::Fts {
        op,
        config: config.map(Into::into),
        value: value.into(),
    }
}

fn logic(op: LogicOp, negated: bool, children: Vec<Condition>) -> Condition {
    Condition::Logic {
        op,
        negated,
        children,
    }
}

fn no_rpc(_: &str) -> bool {
    false
}

fn parse(q: &str) -> QueryParams {
    parse_query(q, no_rpc).unwrap_or_else(|e| panic!("{q}: {e:?}"))
}

/// The single root condition of a query string.
fn one_condition(q: &str) -> Condition {
    let mut params = parse(q);
    assert_eq!(params.conditions.len(), 1, "{q}");
    let scoped = params.conditions.remove(0);
    assert!(scoped.path.is_empty(), "{q}");
    scoped.value
}

#[test]
fn every_operator() {
    use CompareOp::*;
    use Quantifier::{All, Any};
    let cases: Vec<(&str, Condition)> = vec![
        ("a=eq.1", filter("a", false, cmp(Eq, &["1"]))),
        ("a=neq.1", filter("a", false, cmp(Neq, &["1"]))),
        ("a=gt.1", filter("a", false, cmp(Gt, &["1"]))),
        ("a=gte.1", filter("a", false, cmp(Gte, &["1"]))),
        ("a=lt.1", filter("a", false, cmp(Lt, &["1"]))),
        ("a=lte.1", filter("a", false, cmp(Lte, &["1"]))),
        ("a=like.*ab*c", filter("a", false, cmp(Like, &["%ab%c"]))),
        ("a=ilike.*AB*", filter("a", false, cmp(Ilike, &["%AB%"]))),
        (
            "a=match.^a.*b$",
            filter("a", false, cmp(Match, &["^a.*b$"])),
        ),
        ("a=imatch.^A*", filter("a", false, cmp(Imatch, &["^A*"]))),
        // Values are literal: empty, dots, quotes, parentheses all kept.
        ("a=eq.", filter("a", false, cmp(Eq, &[""]))),
        (
            "a=eq.x.y,z(w):v",
            filter("a", false, cmp(Eq, &["x.y,z(w):v"])),
        ),
        (
            "a=eq.\"quoted\"",
            filter("a", false, cmp(Eq, &["\"quoted\""])),
        ),
        ("a=eq.not.x", filter("a", false, cmp(Eq, &["not.x"]))),
        ("a=eq.x(y", filter("a", false, cmp(Eq, &["x(y"]))),
        ("a=not.eq.1", filter("a", true, cmp(Eq, &["1"]))),
        ("a=not.like.x*", filter("a", true, cmp(Like, &["x%"]))),
        // Quantifiers.
        (
            "a=eq(any).{1,2}",
            filter("a", false, quant(Eq, Any, &["1", "2"])),
        ),
        (
            "a=neq(all).{1}",
            filter("a", false, quant(Neq, All, &["1"])),
        ),
        (
            "a=gt(any).{ 1 , 2 }",
            filter("a", false, quant(Gt, Any, &["1", "2"])),
        ),
        ("a=gte(all).{}", filter("a", false, quant(Gte, All, &[]))),
        ("a=lt(any).{1}", filter("a", false, quant(Lt, Any, &["1"]))),
        (
            "a=lte(any).{1}",
            filter("a", false, quant(Lte, Any, &["1"])),
        ),
        (
            "a=like(all).{\"a*\",\"b*\"}",
            filter("a", false, quant(Like, All, &["a%", "b%"])),
        ),
        (
            "a=ilike(any).{*x*,y}",
            filter("a", false, quant(Ilike, Any, &["%x%", "y"])),
        ),
        (
            "a=match(any).{^a,b$}",
            filter("a", false, quant(Match, Any, &["^a", "b$"])),
        ),
        (
            "a=imatch(all).{x}",
            filter("a", false, quant(Imatch, All, &["x"])),
        ),
        (
            r#"a=eq(any).{"x,y","q\"z",p\,q}"#,
            filter("a", false, quant(Eq, Any, &["x,y", "q\"z", "p,q"])),
        ),
        (
            "a=not.eq(any).{1}",
            filter("a", true, quant(Eq, Any, &["1"])),
        ),
        // is
        (
            "a=is.null",
            filter("a", false, Operation::Is(IsValue::Null)),
        ),
        (
            "a=is.NULL",
            filter("a", false, Operation::Is(IsValue::Null)),
        ),
        (
            "a=is.not_null",
            filter("a", false, Operation::Is(IsValue::NotNull)),
        ),
        (
            "a=is.true",
            filter("a", false, Operation::Is(IsValue::True)),
        ),
        (
            "a=is.False",
            filter("a", false, Operation::Is(IsValue::False)),
        ),
        (
            "a=is.unknown",
            filter("a", false, Operation::Is(IsValue::Unknown)),
        ),
        (
            "a=not.is.null",
            filter("a", true, Operation::Is(IsValue::Null)),
        ),
        (
            "a=isdistinct.x",
            filter("a", false, Operation::IsDistinct("x".into())),
        ),
        (
            "a=not.isdistinct.",
            filter("a", true, Operation::IsDistinct(String::new())),
        ),
        // in
        (
            "a=in.(1,2,3)",
            filter("a", false, Operation::In(strings(&["1", "2", "3"]))),
        ),
        ("a=in.()", filter("a", false, Operation::In(vec![]))),
        (
            "a=in.(\"\")",
            filter("a", false, Operation::In(strings(&[""]))),
        ),
        (
            "a=in.(x,)",
            filter("a", false, Operation::In(strings(&["x", ""]))),
        ),
        (
            "a=in.( 1, 2)",
            filter("a", false, Operation::In(strings(&["1", " 2"]))),
        ),
        (
            r#"a=in.("a,b","c.d:e(f)","g\"h","i\\j",k)"#,
            filter(
                "a",
                false,
                Operation::In(strings(&["a,b", "c.d:e(f)", "g\"h", "i\\j", "k"])),
            ),
        ),
        // A quote not followed by `,` or `)` is kept as raw text, as in PostgREST.
        (
            r#"a=in.("x"y,z)"#,
            filter("a", false, Operation::In(strings(&["\"x\"y", "z"]))),
        ),
        (
            "a=not.in.(1)",
            filter("a", true, Operation::In(strings(&["1"]))),
        ),
        // Range and array operators keep PostgreSQL literal text.
        (
            "a=cs.{1,2}",
            filter("a", false, range(RangeOp::Contains, "{1,2}")),
        ),
        (
            "a=cs.{\"k\":1}",
            filter("a", false, range(RangeOp::Contains, "{\"k\":1}")),
        ),
        (
            "a=cd.{1,2}",
            filter("a", false, range(RangeOp::ContainedIn, "{1,2}")),
        ),
        (
            "a=ov.[1,5)",
            filter("a", false, range(RangeOp::Overlap, "[1,5)")),
        ),
        (
            "a=ov.{1,5}",
            filter("a", false, range(RangeOp::Overlap, "{1,5}")),
        ),
        (
            "a=ov.(a,b)",
            filter("a", false, range(RangeOp::Overlap, "{a,b}")),
        ),
        (
            "a=sl.(1,5)",
            filter("a", false, range(RangeOp::StrictlyLeft, "(1,5)")),
        ),
        (
            "a=sr.[1,5]",
            filter("a", false, range(RangeOp::StrictlyRight, "[1,5]")),
        ),
        (
            "a=nxl.[1,5]",
            filter("a", false, range(RangeOp::NotExtendLeft, "[1,5]")),
        ),
        (
            "a=nxr.[1,5]",
            filter("a", false, range(RangeOp::NotExtendRight, "[1,5]")),
        ),
        (
            "a=adj.[1,5]",
            filter("a", false, range(RangeOp::Adjacent, "[1,5]")),
        ),
        (
            "a=not.cs.{1}",
            filter("a", true, range(RangeOp::Contains, "{1}")),
        ),
        // Full-text search.
        (
            "a=fts.cat",
            filter("a", false, fts(FtsOp::Fts, None, "cat")),
        ),
        (
            "a=fts(english).cat & dog",
            filter("a", false, fts(FtsOp::Fts, Some("english"), "cat & dog")),
        ),
        (
            "a=plfts.fat cats",
            filter("a", false, fts(FtsOp::Plfts, None, "fat cats")),
        ),
        (
            "a=phfts(simple).x.y",
            filter("a", false, fts(FtsOp::Phfts, Some("simple"), "x.y")),
        ),
        (
            "a=wfts(german).\"a b\" -c",
            filter("a", false, fts(FtsOp::Wfts, Some("german"), "\"a b\" -c")),
        ),
        ("a=not.fts.x", filter("a", true, fts(FtsOp::Fts, None, "x"))),
    ];
    for (q, want) in cases {
        // `&` and `+` are not in these queries, so they need no encoding.
        let q = q.replace('&', "%26");
        assert_eq!(one_condition(&q), want, "{q}");
    }
}

#[test]
fn filter_keys_and_scopes() {
    let json = |name: &str, steps: Vec<JsonStep>| Field {
        name: name.into(),
        json_path: steps,
    };
    let cases: Vec<(&str, Vec<&str>, Field)> = vec![
        ("col=eq.1", vec![], field("col")),
        ("rel.col=eq.1", vec!["rel"], field("col")),
        ("rel.sub.col=eq.1", vec!["rel", "sub"], field("col")),
        (
            "data->a->>b=eq.1",
            vec![],
            json(
                "data",
                vec![
                    JsonStep::Arrow(JsonKey::Key("a".into())),
                    JsonStep::DoubleArrow(JsonKey::Key("b".into())),
                ],
            ),
        ),
        (
            "rel.arr->0=eq.1",
            vec!["rel"],
            json("arr", vec![JsonStep::Arrow(JsonKey::Index(0))]),
        ),
        ("\"a.b\"=eq.1", vec![], field("a.b")),
        ("%22a.b%22.c=eq.1", vec!["a.b"], field("c")),
        ("my%20col=eq.1", vec![], field("my col")),
        ("my+col=eq.1", vec![], field("my col")),
        ("my-col=eq.1", vec![], field("my-col")),
        ("名前=eq.1", vec![], field("名前")),
        // Reserved words are only reserved as the last segment, or quoted away.
        ("rel.select=eq.1", vec!["rel"], field("select")),
        ("rel.columns=eq.1", vec!["rel"], field("columns")),
        ("a.%22order%22=eq.1", vec!["a"], field("order")),
        (
            "order->a=eq.1",
            vec![],
            json("order", vec![JsonStep::Arrow(JsonKey::Key("a".into()))]),
        ),
        // Embed existence filters are ordinary filters on the embed's name.
        ("rel=is.null", vec![], field("rel")),
        ("rel=not.is.null", vec![], field("rel")),
    ];
    for (q, path, want_field) in cases {
        let params = parse(q);
        assert_eq!(params.conditions.len(), 1, "{q}");
        let Scoped {
            path: got_path,
            value,
        } = &params.conditions[0];
        assert_eq!(got_path, &strings(&path), "{q}");
        let Condition::Filter { field, .. } = value else {
            panic!("{q}: not a filter");
        };
        assert_eq!(field, &want_field, "{q}");
    }
}

#[test]
fn logic_trees() {
    use CompareOp::*;
    let eq = |name: &str, v: &str| filter(name, false, cmp(Eq, &[v]));
    let cases: Vec<(&str, Vec<&str>, Condition)> = vec![
        (
            "or=(a.eq.1,b.gt.2)",
            vec![],
            logic(
                LogicOp::Or,
                false,
                vec![eq("a", "1"), filter("b", false, cmp(Gt, &["2"]))],
            ),
        ),
        (
            "or=(a.eq.1,b.gt.2,and(c.lt.3,not.d.is.null))",
            vec![],
            logic(
                LogicOp::Or,
                false,
                vec![
                    eq("a", "1"),
                    filter("b", false, cmp(Gt, &["2"])),
                    logic(
                        LogicOp::And,
                        false,
                        vec![
                            filter("c", false, cmp(Lt, &["3"])),
                            filter("d", true, Operation::Is(IsValue::Null)),
                        ],
                    ),
                ],
            ),
        ),
        (
            "and=(a.eq.1)",
            vec![],
            logic(LogicOp::And, false, vec![eq("a", "1")]),
        ),
        (
            "not.or=(a.eq.1)",
            vec![],
            logic(LogicOp::Or, true, vec![eq("a", "1")]),
        ),
        (
            "not.and=(a.eq.1)",
            vec![],
            logic(LogicOp::And, true, vec![eq("a", "1")]),
        ),
        (
            "or=(not.and(a.eq.1,b.eq.2),not.or(c.eq.3))",
            vec![],
            logic(
                LogicOp::Or,
                false,
                vec![
                    logic(LogicOp::And, true, vec![eq("a", "1"), eq("b", "2")]),
                    logic(LogicOp::Or, true, vec![eq("c", "3")]),
                ],
            ),
        ),
        (
            "rel.or=(a.eq.1)",
            vec!["rel"],
            logic(LogicOp::Or, false, vec![eq("a", "1")]),
        ),
        (
            "rel.sub.and=(a.eq.1)",
            vec!["rel", "sub"],
            logic(LogicOp::And, false, vec![eq("a", "1")]),
        ),
        (
            "rel.not.or=(a.eq.1)",
            vec!["rel"],
            logic(LogicOp::Or, true, vec![eq("a", "1")]),
        ),
        (
            "x.%22or%22.or=(a.eq.1)",
            vec!["x", "or"],
            logic(LogicOp::Or, false, vec![eq("a", "1")]),
        ),
        // `not.col.op.value` is Kanisa's extension, tried only where PostgREST's reading (a
        // column called `not`) fails.
        (
            "or=(not.d.is.null,d.not.is.null,not.eq.2,not.d.not.eq.1)",
            vec![],
            logic(
                LogicOp::Or,
                false,
                vec![
                    filter("d", true, Operation::Is(IsValue::Null)),
                    filter("d", true, Operation::Is(IsValue::Null)),
                    eq("not", "2"),
                    eq("d", "1"),
                ],
            ),
        ),
        // Quoted values hold reserved characters; `{…}` is kept whole; raw values keep spaces.
        (
            r#"or=(a.eq."x,y.z:(w)",b.eq."q\"r",c.cs.{1,2},d.eq.)"#,
            vec![],
            logic(
                LogicOp::Or,
                false,
                vec![
                    eq("a", "x,y.z:(w)"),
                    eq("b", "q\"r"),
                    filter("c", false, range(RangeOp::Contains, "{1,2}")),
                    eq("d", ""),
                ],
            ),
        ),
        (
            "or=( a.eq.1 , b.eq.2 )",
            vec![],
            logic(LogicOp::Or, false, vec![eq("a", "1 "), eq("b", "2 ")]),
        ),
        (
            r#"or=(a.in.(1,"2,3"),b.like.*x*,c.eq(any).{1,2},d.fts(english).cat,e.not.is.true)"#,
            vec![],
            logic(
                LogicOp::Or,
                false,
                vec![
                    filter("a", false, Operation::In(strings(&["1", "2,3"]))),
                    filter("b", false, cmp(Like, &["%x%"])),
                    filter("c", false, quant(Eq, Quantifier::Any, &["1", "2"])),
                    filter("d", false, fts(FtsOp::Fts, Some("english"), "cat")),
                    filter("e", true, Operation::Is(IsValue::True)),
                ],
            ),
        ),
        (
            "or=(data->>x.eq.1,order_id.eq.2,andrew.eq.3)",
            vec![],
            logic(
                LogicOp::Or,
                false,
                vec![
                    Condition::Filter {
                        field: Field {
                            name: "data".into(),
                            json_path: vec![JsonStep::DoubleArrow(JsonKey::Key("x".into()))],
                        },
                        negated: false,
                        op: cmp(Eq, &["1"]),
                    },
                    eq("order_id", "2"),
                    eq("andrew", "3"),
                ],
            ),
        ),
        (
            "or=(\"my col\".eq.1,not.eq.2)",
            vec![],
            logic(LogicOp::Or, false, vec![eq("my col", "1"), eq("not", "2")]),
        ),
    ];
    for (q, path, want) in cases {
        let params = parse(q);
        assert_eq!(params.conditions.len(), 1, "{q}");
        assert_eq!(params.conditions[0].path, strings(&path), "{q}");
        assert_eq!(params.conditions[0].value, want, "{q}");
    }
}

fn sel_field(name: &str) -> SelectItem {
    SelectItem::Field {
        field: field(name),
        alias: None,
        cast: None,
    }
}

fn embed(relation: &str, select: Vec<SelectItem>) -> SelectItem {
    SelectItem::Embed {
        relation: relation.into(),
        alias: None,
        hint: None,
        join: None,
        spread: false,
        select,
    }
}

#[test]
fn every_select_form() {
    let with = |item: SelectItem, f: &dyn Fn(&mut SelectItem)| {
        let mut item = item;
        f(&mut item);
        item
    };
    let alias = |a: &str| {
        let a = a.to_owned();
        move |i: &mut SelectItem| match i {
            SelectItem::Field { alias, .. } | SelectItem::Embed { alias, .. } => {
                *alias = Some(a.clone());
            }
            SelectItem::Star => {}
        }
    };
    let embed_opts = |h: Option<&str>, j: Option<JoinKind>, s: bool| {
        let h = h.map(str::to_owned);
        move |i: &mut SelectItem| {
            if let SelectItem::Embed {
                hint, join, spread, ..
            } = i
            {
                *hint = h.clone();
                *join = j;
                *spread = s;
            }
        }
    };
    let json_field = |name: &str, steps: Vec<JsonStep>, cast: Option<&str>| SelectItem::Field {
        field: Field {
            name: name.into(),
            json_path: steps,
        },
        alias: None,
        cast: cast.map(Into::into),
    };
    let key = |k: &str| JsonKey::Key(k.into());
    let cases: Vec<(&str, Vec<SelectItem>)> = vec![
        ("*", vec![SelectItem::Star]),
        ("", vec![]),
        ("a,b", vec![sel_field("a"), sel_field("b")]),
        (" a , b ", vec![sel_field("a"), sel_field("b")]),
        ("alias:col", vec![with(sel_field("col"), &alias("alias"))]),
        ("col::text", vec![json_field("col", vec![], Some("text"))]),
        (
            "alias:col::timestamp with time zone",
            vec![with(
                json_field("col", vec![], Some("timestamp with time zone")),
                &alias("alias"),
            )],
        ),
        (
            "data->a->>b",
            vec![json_field(
                "data",
                vec![JsonStep::Arrow(key("a")), JsonStep::DoubleArrow(key("b"))],
                None,
            )],
        ),
        (
            "arr->0",
            vec![json_field(
                "arr",
                vec![JsonStep::Arrow(JsonKey::Index(0))],
                None,
            )],
        ),
        (
            "arr->>-1::int",
            vec![json_field(
                "arr",
                vec![JsonStep::DoubleArrow(JsonKey::Index(-1))],
                Some("int"),
            )],
        ),
        (
            "x:data->\"a.b\"::jsonb",
            vec![with(
                json_field("data", vec![JsonStep::Arrow(key("a.b"))], Some("jsonb")),
                &alias("x"),
            )],
        ),
        ("\"my col\"", vec![sel_field("my col")]),
        (
            "\"a,b\":\"c:d\"",
            vec![with(sel_field("c:d"), &alias("a,b"))],
        ),
        (
            "my-col,$x,名前,_",
            vec![
                sel_field("my-col"),
                sel_field("$x"),
                sel_field("名前"),
                sel_field("_"),
            ],
        ),
        ("rel(*)", vec![embed("rel", vec![SelectItem::Star])]),
        ("rel()", vec![embed("rel", vec![])]),
        ("rel( )", vec![embed("rel", vec![])]),
        ("rel (a)", vec![embed("rel", vec![sel_field("a")])]),
        (
            "alias:rel(a,b)",
            vec![with(
                embed("rel", vec![sel_field("a"), sel_field("b")]),
                &alias("alias"),
            )],
        ),
        (
            "rel!hint(*)",
            vec![with(
                embed("rel", vec![SelectItem::Star]),
                &embed_opts(Some("hint"), None, false),
            )],
        ),
        (
            "rel!inner(*)",
            vec![with(
                embed("rel", vec![SelectItem::Star]),
                &embed_opts(None, Some(JoinKind::Inner), false),
            )],
        ),
        (
            "rel!left(*)",
            vec![with(
                embed("rel", vec![SelectItem::Star]),
                &embed_opts(None, Some(JoinKind::Left), false),
            )],
        ),
        (
            "rel!fk_name!inner(*)",
            vec![with(
                embed("rel", vec![SelectItem::Star]),
                &embed_opts(Some("fk_name"), Some(JoinKind::Inner), false),
            )],
        ),
        (
            "a:rel!inner!fk_name(*)",
            vec![with(
                with(
                    embed("rel", vec![SelectItem::Star]),
                    &embed_opts(Some("fk_name"), Some(JoinKind::Inner), false),
                ),
                &alias("a"),
            )],
        ),
        (
            "rel!\"inner\"(*)",
            vec![with(
                embed("rel", vec![SelectItem::Star]),
                &embed_opts(Some("inner"), None, false),
            )],
        ),
        (
            "...rel(a)",
            vec![with(
                embed("rel", vec![sel_field("a")]),
                &embed_opts(None, None, true),
            )],
        ),
        (
            "...rel!hint!inner(a)",
            vec![with(
                embed("rel", vec![sel_field("a")]),
                &embed_opts(Some("hint"), Some(JoinKind::Inner), true),
            )],
        ),
        (
            "id,rel(b,sub(c,deep(*)),...other(x))",
            vec![
                sel_field("id"),
                embed(
                    "rel",
                    vec![
                        sel_field("b"),
                        embed(
                            "sub",
                            vec![sel_field("c"), embed("deep", vec![SelectItem::Star])],
                        ),
                        with(
                            embed("other", vec![sel_field("x")]),
                            &embed_opts(None, None, true),
                        ),
                    ],
                ),
            ],
        ),
        // `count(...)` with content is an embed of a relation called count.
        ("count(a)", vec![embed("count", vec![sel_field("a")])]),
    ];
    for (input, want) in cases {
        assert_eq!(parse_select(input), Ok(want.clone()), "{input}");
        let q = format!("select={}", input.replace(' ', "+"));
        assert_eq!(parse(&q).select, Some(want), "{q}");
    }
    assert_eq!(parse("a=eq.1").select, None);
    assert_eq!(parse("select").select, None);
}

#[test]
fn nesting_limits() {
    // Eight nested embeds parse; nine do not.
    let nested = |levels: usize| {
        let mut s = String::from("x");
        for i in 0..levels {
            s = format!("r{i}({s})");
        }
        s
    };
    assert!(parse_select(&nested(MAX_DEPTH)).is_ok());
    let err = parse_select(&nested(MAX_DEPTH + 1)).expect_err("too deep");
    assert!(
        err.details
            .as_deref()
            .unwrap_or("")
            .contains("limit of 8 levels"),
        "{err:?}"
    );

    let tree = |levels: usize| {
        let mut s = String::from("a.eq.1");
        for _ in 1..levels {
            s = format!("and({s})");
        }
        format!("({s})")
    };
    assert!(parse_logic("or", &tree(MAX_DEPTH)).is_ok());
    let err = parse_logic("or", &tree(MAX_DEPTH + 1)).expect_err("too deep");
    assert!(
        err.details
            .as_deref()
            .unwrap_or("")
            .contains("limit of 8 levels"),
        "{err:?}"
    );
    // Very deep input fails cleanly instead of exhausting the stack.
    let deep = "(".repeat(5000);
    assert!(parse_logic("or", &deep).is_err());
    assert!(parse_select(&"a(".repeat(3000)).is_err());
}

#[test]
fn order_terms() {
    let term = |name: &str, d: Option<Direction>, n: Option<Nulls>| OrderTerm {
        field: field(name),
        direction: d,
        nulls: n,
    };
    let cases: Vec<(&str, Vec<OrderTerm>)> = vec![
        ("a", vec![term("a", None, None)]),
        ("a.asc", vec![term("a", Some(Direction::Asc), None)]),
        (
            "a.desc.nullslast",
            vec![term("a", Some(Direction::Desc), Some(Nulls::Last))],
        ),
        ("a.nullsfirst", vec![term("a", None, Some(Nulls::First))]),
        (
            "a.desc.nullslast,b,c.asc.nullsfirst",
            vec![
                term("a", Some(Direction::Desc), Some(Nulls::Last)),
                term("b", None, None),
                term("c", Some(Direction::Asc), Some(Nulls::First)),
            ],
        ),
        (
            " a , b.desc ",
            vec![
                term("a", None, None),
                term("b", Some(Direction::Desc), None),
            ],
        ),
        (
            "\"my.col\".desc",
            vec![term("my.col", Some(Direction::Desc), None)],
        ),
        (
            "data->>x.desc",
            vec![OrderTerm {
                field: Field {
                    name: "data".into(),
                    json_path: vec![JsonStep::DoubleArrow(JsonKey::Key("x".into()))],
                },
                direction: Some(Direction::Desc),
                nulls: None,
            }],
        ),
        (
            "arr->0.asc",
            vec![OrderTerm {
                field: Field {
                    name: "arr".into(),
                    json_path: vec![JsonStep::Arrow(JsonKey::Index(0))],
                },
                direction: Some(Direction::Asc),
                nulls: None,
            }],
        ),
    ];
    for (input, want) in cases {
        assert_eq!(parse_order(input), Ok(want), "{input}");
    }
    let params = parse("order=a&rel.sub.order=b.desc&order=c");
    assert_eq!(params.order.len(), 3);
    assert_eq!(params.order[1].path, strings(&["rel", "sub"]));
    assert_eq!(params.order[2].value, vec![term("c", None, None)]);
}

#[test]
fn limits_offsets_columns_on_conflict() {
    let p = parse("limit=10&offset=0&rel.limit=3&rel.sub.offset=7&limit=20");
    assert_eq!(
        p.limit,
        vec![
            Scoped {
                path: vec![],
                value: 20
            },
            Scoped {
                path: strings(&["rel"]),
                value: 3
            }
        ]
    );
    assert_eq!(
        p.offset,
        vec![
            Scoped {
                path: vec![],
                value: 0
            },
            Scoped {
                path: strings(&["rel", "sub"]),
                value: 7
            }
        ]
    );
    assert_eq!(parse("limit=18446744073709551615").limit[0].value, u64::MAX);

    let p = parse("columns=%22a%22,%22b+c%22&on_conflict=id,+other");
    assert_eq!(p.columns, Some(strings(&["a", "b c"])));
    assert_eq!(p.on_conflict, Some(strings(&["id", "other"])));
    assert_eq!(parse("columns=a,b").columns, Some(strings(&["a", "b"])));
    assert_eq!(parse_columns("\"x,y\", z"), Ok(strings(&["x,y", "z"])));
}

#[test]
fn repeated_keys() {
    // PostgREST looks up the first `select`; later ones are not even parsed.
    let p = parse("select=a&select=b&select=((");
    assert_eq!(p.select, Some(vec![sel_field("a")]));
    let p = parse("columns=a&columns=b&on_conflict=x&on_conflict=y");
    assert_eq!(p.columns, Some(strings(&["a"])));
    assert_eq!(p.on_conflict, Some(strings(&["x"])));
    // Filters on the same column accumulate.
    let p = parse("id=gt.1&id=lt.5&or=(a.eq.1)&or=(b.eq.2)");
    assert_eq!(p.conditions.len(), 4);
}

#[test]
fn rpc_arguments() {
    let is_arg = |k: &str| matches!(k, "a" | "b" | "limit" | "my arg" | "rel.x");
    let p = parse_query(
        "a=1&b=eq.2&my+arg=hello%20world&c=eq.3&limit=4&select=x&rel.x=not-a-filter&flag",
        is_arg,
    )
    .expect("parses");
    assert_eq!(
        p.rpc_args,
        vec![
            ("a".to_owned(), "1".to_owned()),
            ("b".to_owned(), "eq.2".to_owned()),
            ("my arg".to_owned(), "hello world".to_owned()),
            ("rel.x".to_owned(), "not-a-filter".to_owned()),
        ]
    );
    // Non-arguments are filters; reserved keys stay reserved even if the function has such
    // an argument.
    assert_eq!(p.conditions.len(), 1);
    assert_eq!(
        p.limit,
        vec![Scoped {
            path: vec![],
            value: 4
        }]
    );
    assert_eq!(p.select, Some(vec![sel_field("x")]));
}

#[test]
fn decoding() {
    let value = |q: &str| match one_condition(q) {
        Condition::Filter {
            op: Operation::Compare { values, .. },
            ..
        } => values,
        other => panic!("{q}: {other:?}"),
    };
    assert_eq!(value("a=eq.hello+world"), ["hello world"]);
    assert_eq!(value("a=eq.%2B1"), ["+1"]);
    assert_eq!(value("a=eq.100%25"), ["100%"]);
    assert_eq!(value("a=eq.%zz%4"), ["%zz%4"]);
    assert_eq!(value("a=eq.x=y=z"), ["x=y=z"]);
    assert_eq!(value("a=eq.%C3%A9%F0%9F%98%80"), ["é😀"]);
    assert_eq!(value("a=eq.%00"), ["\0"]);
    assert_eq!(value("&&a=eq.1&&"), ["1"]);
    assert_eq!(value("a=eq.x%26y"), ["x&y"]);
    assert_eq!(parse("").conditions, vec![]);
    assert_eq!(parse("flag&other").conditions, vec![]);
    assert_eq!(
        parse("select=a%2Cb").select,
        Some(vec![sel_field("a"), sel_field("b")])
    );
}

#[test]
fn size_limits() {
    let ok = vec!["a=eq.1"; MAX_PARAMS].join("&");
    assert_eq!(parse(&ok).conditions.len(), MAX_PARAMS);
    let too_many = vec!["a=eq.1"; MAX_PARAMS + 1].join("&");
    let err = parse_query(&too_many, no_rpc).expect_err("too many");
    assert_eq!(err.message, "too many query parameters");
    assert!(
        err.details
            .unwrap_or_default()
            .contains("201 parameters; the limit is 200")
    );

    let fits = format!("a=eq.{}", "x".repeat(MAX_VALUE_BYTES - 3));
    assert!(parse_query(&fits, no_rpc).is_ok());
    for q in [
        format!("a=eq.{}", "x".repeat(MAX_VALUE_BYTES)),
        format!("a=eq.{}", "%41".repeat(MAX_VALUE_BYTES)),
        format!("a=eq.{}", "%41".repeat(4 * MAX_VALUE_BYTES)),
        format!("{}=eq.1", "k".repeat(MAX_VALUE_BYTES + 1)),
    ] {
        let err = parse_query(&q, no_rpc).expect_err("too long");
        assert_eq!(err.message, "query parameter too long");
        assert!(
            err.details
                .unwrap_or_default()
                .contains("the limit is 8192 bytes")
        );
    }
}

/// (query, expected message, expected text in details)
const MALFORMED: &[(&str, &str, &str)] = &[
    (
        "a=noop.1",
        r#""failed to parse filter (noop.1)" (line 1, column 1)"#,
        r#"unexpected "noop" expecting operator (eq, neq, gt"#,
    ),
    (
        "a=1",
        r#""failed to parse filter (1)" (line 1, column 1)"#,
        r#"unexpected "1" expecting "not" or operator (eq"#,
    ),
    (
        "a=eq:1",
        r#""failed to parse filter (eq:1)" (line 1, column 3)"#,
        r#"unexpected ":" expecting "(any)", "(all)" or delimiter (.)"#,
    ),
    (
        "a=not.1",
        r#""failed to parse filter (not.1)" (line 1, column 5)"#,
        r#"unexpected "1" expecting operator (eq"#,
    ),
    (
        "a=not",
        r#""failed to parse filter (not)" (line 1, column 4)"#,
        "unexpected end of input expecting delimiter (.)",
    ),
    (
        "a=in.1,2",
        r#""failed to parse filter (in.1,2)" (line 1, column 4)"#,
        r#"unexpected "1" expecting "(""#,
    ),
    (
        "a=in.(1,2",
        r#""failed to parse filter (in.(1,2)" (line 1, column 8)"#,
        r#"unexpected end of input expecting "," or ")""#,
    ),
    (
        "a=in.(1,2)x",
        r#""failed to parse filter (in.(1,2)x)" (line 1, column 9)"#,
        r#"unexpected "x" expecting end of input"#,
    ),
    (
        "a=is.nul",
        r#""failed to parse filter (is.nul)" (line 1, column 4)"#,
        r#"unexpected "nul" expecting null, not_null, true, false or unknown"#,
    ),
    (
        "a=is.null1",
        r#""failed to parse filter (is.null1)" (line 1, column 8)"#,
        r#"unexpected "1" expecting end of input"#,
    ),
    (
        "a=eq(some).1",
        r#""failed to parse filter (eq(some).1)" (line 1, column 4)"#,
        r#"unexpected "s" expecting "any" or "all""#,
    ),
    (
        "a=eq(any).1",
        r#""failed to parse filter (eq(any).1)" (line 1, column 9)"#,
        r#"unexpected "1" expecting "{" (a quantified operator takes a list"#,
    ),
    (
        "a=eq(any).{a,{b}}",
        r#""failed to parse filter (eq(any).{a,{b}})" (line 1, column 12)"#,
        "nested arrays are not supported",
    ),
    (
        "a=eq(any).{a,,b}",
        r#""failed to parse filter (eq(any).{a,,b})" (line 1, column 12)"#,
        "empty array element",
    ),
    (
        "a=fts().x",
        r#""failed to parse filter (fts().x)" (line 1, column 5)"#,
        r#"unexpected ")" expecting letter or digit"#,
    ),
    (
        "a=fts(english.x",
        r#""failed to parse filter (fts(english.x)" (line 1, column 12)"#,
        r#"unexpected "." expecting ")""#,
    ),
    (
        "=eq.1",
        r#""failed to parse tree path ()" (line 1, column 1)"#,
        "unexpected end of input expecting field name (* or [a..z0..9_$])",
    ),
    (
        "a..b=eq.1",
        r#""failed to parse tree path (a..b)" (line 1, column 3)"#,
        r#"unexpected "." expecting field name"#,
    ),
    (
        "data->a.b=eq.1",
        r#""failed to parse tree path (data->a.b)" (line 1, column 8)"#,
        r#"unexpected "." expecting "->", "->>" or end of input"#,
    ),
    (
        "select=id,clients(name[])",
        r#""failed to parse select parameter (id,clients(name[]))" (line 1, column 16)"#,
        r#"unexpected "[" expecting "->", "->>", "::", "!", "(", "," or ")""#,
    ),
    (
        "select=data->>-78xy",
        r#""failed to parse select parameter (data->>-78xy)" (line 1, column 11)"#,
        r#"unexpected "x" expecting digit"#,
    ),
    (
        "select=a(b",
        r#""failed to parse select parameter (a(b)" (line 1, column 4)"#,
        r#"unexpected end of input expecting "," or ")""#,
    ),
    (
        "select=a)",
        r#""failed to parse select parameter (a))" (line 1, column 2)"#,
        r#"unexpected ")" expecting "->", "->>", "::", "!", "(", "," or end of input"#,
    ),
    (
        "select=a,",
        r#""failed to parse select parameter (a,)" (line 1, column 3)"#,
        "unexpected end of input expecting field name",
    ),
    (
        "select=name::",
        r#""failed to parse select parameter (name::)" (line 1, column 7)"#,
        "unexpected end of input expecting letter or digit",
    ),
    (
        "select=*!hint",
        r#""failed to parse select parameter (*!hint)" (line 1, column 2)"#,
        r#"unexpected "!" expecting "," or end of input"#,
    ),
    (
        "select=rel!a!b(*)",
        r#""failed to parse select parameter (rel!a!b(*))" (line 1, column 7)"#,
        r#"an embed takes one hint, "b" is a second one"#,
    ),
    (
        "select=rel!inner!left(*)",
        r#""failed to parse select parameter (rel!inner!left(*))" (line 1, column 11)"#,
        "an embed takes one join kind",
    ),
    (
        "select=rel!hint",
        r#""failed to parse select parameter (rel!hint)" (line 1, column 9)"#,
        r#"unexpected end of input expecting "!" or "(""#,
    ),
    (
        "select=alias:...rel(*)",
        r#""failed to parse select parameter (alias:...rel(*))" (line 1, column 7)"#,
        "a spread embed cannot have an alias",
    ),
    (
        "select=...rel",
        r#""failed to parse select parameter (...rel)" (line 1, column 7)"#,
        "a spread \"...\" must be followed by an embed",
    ),
    (
        "select=rel->x(*)",
        r#""failed to parse select parameter (rel->x(*))" (line 1, column 7)"#,
        r#"unexpected "(" expecting "->", "->>", "::", "," or end of input"#,
    ),
    (
        "select=count()",
        r#""failed to parse select parameter (count())" (line 1, column 1)"#,
        "aggregate functions",
    ),
    (
        "select=amount.sum()",
        r#""failed to parse select parameter (amount.sum())" (line 1, column 7)"#,
        "aggregate functions",
    ),
    (
        "select=\"open",
        r#""failed to parse select parameter (\"open)" (line 1, column 6)"#,
        "unexpected end of input expecting closing quote",
    ),
    (
        "select=a,%0Ab",
        r#""failed to parse select parameter (a,\nb)" (line 1, column 3)"#,
        r#"unexpected "\n" expecting field name"#,
    ),
    (
        "select=%22x%0Ay%22[",
        r#""failed to parse select parameter (\"x\ny\"[)" (line 2, column 3)"#,
        r#"unexpected "[""#,
    ),
    (
        "order=id.ac",
        r#""failed to parse order (id.ac)" (line 1, column 4)"#,
        r#"unexpected "ac" expecting "asc", "desc", "nullsfirst" or "nullslast""#,
    ),
    (
        "order=id.descc",
        r#""failed to parse order (id.descc)" (line 1, column 4)"#,
        r#"unexpected "descc" expecting "asc", "desc""#,
    ),
    (
        "order=id.asc.smth34",
        r#""failed to parse order (id.asc.smth34)" (line 1, column 8)"#,
        r#"unexpected "smth34" expecting "nullsfirst" or "nullslast""#,
    ),
    (
        "order=id.nullslast.desc",
        r#""failed to parse order (id.nullslast.desc)" (line 1, column 13)"#,
        r#"unexpected "." expecting "," or end of input"#,
    ),
    (
        "order=clients(name).desc",
        r#""failed to parse order (clients(name).desc)" (line 1, column 8)"#,
        "ordering by a column of an embedded resource",
    ),
    (
        "order=",
        r#""failed to parse order ()" (line 1, column 1)"#,
        "unexpected end of input expecting field name",
    ),
    (
        "or=()",
        r#""failed to parse logic tree (())" (line 1, column 2)"#,
        r#"unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)"#,
    ),
    (
        "or=(id.in.1,2,id.eq.3)",
        r#""failed to parse logic tree ((id.in.1,2,id.eq.3))" (line 1, column 8)"#,
        r#"unexpected "1" expecting "(""#,
    ),
    (
        "or=a.eq.1",
        r#""failed to parse logic tree (a.eq.1)" (line 1, column 1)"#,
        r#"unexpected "a" expecting "(""#,
    ),
    (
        "or=(a.eq.1))",
        r#""failed to parse logic tree ((a.eq.1)))" (line 1, column 9)"#,
        r#"unexpected ")" expecting end of input"#,
    ),
    (
        "or=(a.eq.1",
        r#""failed to parse logic tree ((a.eq.1)" (line 1, column 8)"#,
        r#"unexpected end of input expecting "," or ")""#,
    ),
    (
        "and=(ord(id.eq.1))",
        r#""failed to parse logic tree ((ord(id.eq.1)))" (line 1, column 5)"#,
        r#"unexpected "(" expecting "->", "->>" or delimiter (.)"#,
    ),
    (
        "or=(not.a.xor.1)",
        r#""failed to parse logic tree ((not.a.xor.1))" (line 1, column 8)"#,
        r#"unexpected "xor" expecting operator"#,
    ),
    (
        "or=(a.xor.1)",
        r#""failed to parse logic tree ((a.xor.1))" (line 1, column 4)"#,
        r#"unexpected "xor" expecting operator"#,
    ),
    (
        "limit=-1",
        r#""failed to parse limit parameter (-1)" (line 1, column 1)"#,
        r#"unexpected "-" expecting digit (a non-negative integer)"#,
    ),
    (
        "offset=1.5",
        r#""failed to parse offset parameter (1.5)" (line 1, column 2)"#,
        r#"unexpected "." expecting digit"#,
    ),
    (
        "limit=",
        r#""failed to parse limit parameter ()" (line 1, column 1)"#,
        "unexpected end of input expecting digit",
    ),
    (
        "limit=99999999999999999999",
        r#""failed to parse limit parameter (99999999999999999999)" (line 1, column 1)"#,
        "is too large",
    ),
    (
        "rel..limit=1",
        r#""failed to parse tree path (rel..limit)" (line 1, column 5)"#,
        r#"unexpected "." expecting field name"#,
    ),
    (
        "columns=a,,b",
        r#""failed to parse columns parameter (a,,b)" (line 1, column 3)"#,
        r#"unexpected "," expecting field name"#,
    ),
    (
        "on_conflict=",
        r#""failed to parse on_conflict parameter ()" (line 1, column 1)"#,
        "unexpected end of input expecting field name",
    ),
    (
        "on_conflict=a b c,(",
        r#""failed to parse on_conflict parameter (a b c,()" (line 1, column 7)"#,
        r#"unexpected "(" expecting field name"#,
    ),
    (
        "a=eq.%FF",
        "failed to decode the query string",
        "parameter 1 is not valid UTF-8 after percent-decoding",
    ),
];

#[test]
fn malformed_inputs_have_precise_errors() {
    let mut wrong = Vec::new();
    for (q, message, details) in MALFORMED {
        let Err(err) = parse_query(q, no_rpc) else {
            wrong.push(format!("{q}: parsed"));
            continue;
        };
        let got = err.details.unwrap_or_default();
        if err.message != *message || !got.contains(details) {
            wrong.push(format!("{q}: {} / {got}", err.message));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(MALFORMED.len() >= 15);
}

#[test]
fn error_positions_are_character_offsets() {
    // Position counts characters, not bytes.
    let err = parse_filter("a", "é.x").expect_err("unknown operator");
    assert_eq!(err.position, Some(1));
    let err = parse_select("名前,名前[").expect_err("bad char");
    assert_eq!(err.position, Some(6));
    assert!(err.message.ends_with("(line 1, column 6)"));
    let err = parse_filter("a", "eq(any).{\"é").expect_err("unterminated");
    assert_eq!(err.position, Some(12));
    assert!(err.details.unwrap_or_default().contains("closing quote"));
    // Control characters are shown escaped.
    let err = parse_select("a\u{0}").expect_err("NUL");
    assert!(
        err.details
            .unwrap_or_default()
            .starts_with("unexpected \"\\0\"")
    );
}

#[test]
fn embedded_logic_and_filters_together() {
    let p = parse(
        "select=id,rel!inner(name,sub(*))&rel.name=ilike.*a*&rel.or=(x.eq.1,y.eq.2)\
         &rel.order=name.desc&rel.limit=5&rel.sub=not.is.null&id=in.(1,2)",
    );
    assert_eq!(p.conditions.len(), 4);
    assert_eq!(p.conditions[0].path, strings(&["rel"]));
    assert_eq!(p.conditions[2].path, strings(&["rel"]));
    assert_eq!(
        p.conditions[2].value,
        filter("sub", true, Operation::Is(IsValue::Null))
    );
    assert_eq!(p.order[0].path, strings(&["rel"]));
    assert_eq!(p.limit[0].path, strings(&["rel"]));
}
