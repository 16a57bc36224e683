//! The typed form of a table-API request: what the URL and headers asked for, with every name
//! still unchecked (the planner checks them against the schema cache).

/// A column reference, possibly followed by a JSON path: `data->a->>b`, `tags->0`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub name: String,
    pub json_path: Vec<JsonStep>,
}

/// One `->` or `->>` step of a JSON path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonStep {
    /// `->key` / `->0`: the value as json.
    Arrow(JsonKey),
    /// `->>key` / `->>0`: the value as text.
    DoubleArrow(JsonKey),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonKey {
    Key(String),
    Index(i64),
}

/// One item of `select=`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SelectItem {
    /// `*`
    Star,
    /// `alias:field::cast`
    Field {
        field: Field,
        alias: Option<String>,
        cast: Option<String>,
    },
    /// `alias:relation!hint!inner(items)` or `...relation(items)` (spread).
    Embed {
        relation: String,
        alias: Option<String>,
        /// `!fk_name` or `!column` to choose among several relationships.
        hint: Option<String>,
        join: Option<JoinKind>,
        spread: bool,
        select: Vec<SelectItem>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinKind {
    /// `!inner`: parent rows without a match are dropped.
    Inner,
    /// `!left` (the default).
    Left,
}

/// A filter condition (`col=op.value`) or a logic tree (`or=(…)`, `and=(…)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Condition {
    Filter {
        field: Field,
        /// `not.` before the operator.
        negated: bool,
        op: Operation,
    },
    Logic {
        op: LogicOp,
        /// `not.or=(…)`
        negated: bool,
        children: Vec<Condition>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogicOp {
    And,
    Or,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operation {
    /// eq neq gt gte lt lte like ilike match imatch; with `(any)`/`(all)` the value is a list
    /// `{a,b}`.
    Compare {
        op: CompareOp,
        quantifier: Option<Quantifier>,
        /// One value, or several with a quantifier. Values are raw text (quotes removed);
        /// for like/ilike `*` has already been turned into `%`.
        values: Vec<String>,
    },
    /// `is.null|not_null|true|false|unknown`
    Is(IsValue),
    /// `isdistinct.value`
    IsDistinct(String),
    /// `in.(a,b,"c,d")`
    In(Vec<String>),
    /// cs cd ov sl sr nxl nxr adj: the value is PostgreSQL literal text (`{a,b}`, `[1,10)`),
    /// except `ov` which may also be given as `(a,b)` and is then normalised to `{a,b}`.
    Range { op: RangeOp, value: String },
    /// fts plfts phfts wfts, with an optional text-search configuration: `fts(english).word`.
    Fts {
        op: FtsOp,
        config: Option<String>,
        value: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompareOp {
    Eq,
    Neq,
    Gt,
    Gte,
    Lt,
    Lte,
    Like,
    Ilike,
    Match,
    Imatch,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantifier {
    Any,
    All,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IsValue {
    Null,
    NotNull,
    True,
    False,
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeOp {
    Contains,       // cs  @>
    ContainedIn,    // cd  <@
    Overlap,        // ov  &&
    StrictlyLeft,   // sl  <<
    StrictlyRight,  // sr  >>
    NotExtendRight, // nxr &<
    NotExtendLeft,  // nxl &>
    Adjacent,       // adj -|-
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FtsOp {
    Fts,   // to_tsquery
    Plfts, // plainto_tsquery
    Phfts, // phraseto_tsquery
    Wfts,  // websearch_to_tsquery
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderTerm {
    pub field: Field,
    pub direction: Option<Direction>,
    pub nulls: Option<Nulls>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Asc,
    Desc,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nulls {
    First,
    Last,
}

/// A value that applies at the root (`path` empty) or inside an embed (`path` = the chain of
/// embed names or aliases, e.g. `rel.sub.col=eq.1` → path `["rel","sub"]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scoped<T> {
    pub path: Vec<String>,
    pub value: T,
}

/// Everything the query string says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct QueryParams {
    /// `select=`; `None` means `*`.
    pub select: Option<Vec<SelectItem>>,
    /// Column filters and `or`/`and` trees, each at its embed path. Embed existence filters
    /// (`rel=is.null`, `rel=not.is.null`) appear as a Filter whose field name is the embed.
    pub conditions: Vec<Scoped<Condition>>,
    pub order: Vec<Scoped<Vec<OrderTerm>>>,
    pub limit: Vec<Scoped<u64>>,
    pub offset: Vec<Scoped<u64>>,
    /// `columns="a","b"` / `columns=a,b` for inserts.
    pub columns: Option<Vec<String>>,
    /// `on_conflict=a,b` for upserts.
    pub on_conflict: Option<Vec<String>>,
    /// For RPC GET: `name=value` pairs that are the function's arguments, not filters (the
    /// caller of [`crate::parse_query`] says which names are arguments).
    pub rpc_args: Vec<(String, String)>,
}

/// `Prefer` header values.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Preferences {
    pub return_: Option<Return>,
    pub count: Option<Count>,
    pub resolution: Option<Resolution>,
    /// `missing=default`
    pub missing_default: bool,
    /// `tx=rollback` (true) / `tx=commit` (false)
    pub tx_rollback: Option<bool>,
    /// `handling=strict` (true) / `handling=lenient` (false)
    pub handling_strict: Option<bool>,
    pub max_affected: Option<u64>,
    /// `timezone=…` (accepted, applied as the transaction's time zone)
    pub timezone: Option<String>,
    /// Values Kanisa did not understand (an error only with `handling=strict`).
    pub unknown: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Return {
    Minimal,
    HeadersOnly,
    Representation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    Exact,
    Planned,
    Estimated,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    MergeDuplicates,
    IgnoreDuplicates,
}

/// A `Range: 0-19` header (items).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RangeHeader {
    pub first: u64,
    /// `None` for an open range `10-`.
    pub last: Option<u64>,
}
