//! Models of external functions as data: which calls are taint sources,
//! sinks and sanitizers, how data flows through library calls, and which
//! calls allocate. The value-flow taint (`program::flow`) and points-to
//! (`program::points_to`) read them; a model file shipped in the repo gives
//! the libc defaults, `--models FILE` adds or overrides.

use super::ir::Function;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::Path;
use std::sync::OnceLock;

/// A place a call reads or writes, relative to its call site.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Place {
    /// The call's result value.
    Ret,
    /// What the result points to (`*ret`).
    RetContent,
    /// Argument `i`'s value (0-based).
    Arg(usize),
    /// What argument `i` points to (`*i`): a buffer's contents.
    Content(usize),
    /// What each argument from `i` on points to (`*i..`): the `scanf`
    /// family's output pointers.
    ContentFrom(usize),
    /// Each argument's value from `i` on (`i..`).
    ArgsFrom(usize),
}

/// A kind of finding, with the text SARIF shows for its rule.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rule {
    /// Stable id (`command-injection`, `unbounded-copy`, `tainted-length`).
    pub id: String,
    /// One line: what the rule finds.
    pub name: String,
    /// Why it matters and how to fix it.
    pub help: String,
}

/// One sink argument of a function.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Sink {
    /// `Arg(i)` (the value: a length) or `Content(i)` (what it points to: a
    /// command string); `ArgsFrom`/`ContentFrom` for variadic ones (`execl`).
    pub place: Place,
    /// Index into [`Models::rules`].
    pub rule: usize,
}

/// How a sanitizer tells its verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Accepts {
    /// A non-zero result accepts (`if (is_safe(x))`).
    NonZero,
    /// A zero result accepts (`if (check(x) == 0)`).
    Zero,
}

/// What one external (or user-named) function does.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FnModel {
    /// Places that hold attacker data after the call.
    pub sources: Vec<Place>,
    /// Arguments that must not receive attacker data.
    pub sinks: Vec<Sink>,
    /// `Some((i, accepts))`: a sanitizer that checks argument `i`.
    pub sanitizer: Option<(usize, Accepts)>,
    /// Data flow through the call, `from → to` (`*1 → *0` for `strcpy`,
    /// `0 → ret` for a function returning its first argument).
    pub flows: Vec<(Place, Place)>,
    /// The result points to a fresh heap object (`malloc`, `strdup`).
    pub allocates: bool,
}

/// A set of models by function name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Models {
    pub functions: HashMap<String, FnModel>,
    pub rules: Vec<Rule>,
}

/// The shipped libc models; see the file's head for the shape.
const LIBC: &str = include_str!("../../models/libc.toml");

/// What the model-file syntax of a place looks like, for error messages.
const PLACE_SYNTAX: &str = "ret, *ret, N, *N, N.., *N..";

/// The rule `add_names` gives user-named sinks.
const TAINTED_DATA: &str = "tainted-data";

/// `__X_chk` fortified functions: `(X, at, n)` — the checked variant has `n`
/// extra arguments inserted at position `at` (0 when they are only appended).
const CHK: &[(&str, usize, usize)] = &[
    ("memcpy", 0, 0),
    ("memmove", 0, 0),
    ("strcpy", 0, 0),
    ("stpcpy", 0, 0),
    ("strcat", 0, 0),
    ("strncpy", 0, 0),
    ("strncat", 0, 0),
    ("read", 0, 0),
    ("gets", 0, 0),
    // `__recv_chk(fd, buf, n, buflen, flags)`: `buflen` goes before `flags`.
    ("recv", 3, 1),
    ("recvfrom", 3, 1),
    ("sprintf", 1, 2),
    ("vsprintf", 1, 2),
    ("snprintf", 2, 2),
    ("vsnprintf", 2, 2),
    ("fgets", 1, 1),
    ("fread", 1, 1),
];

/// A models file that cannot be used; the text ends in how to fix it.
#[derive(Debug, thiserror::Error)]
pub enum ModelsError {
    #[error("cannot read models file {path}: {source}. Fix: check the path of the models file")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{file}: {at}: {msg}. Fix: {fix}")]
    Invalid {
        /// The file, as given.
        file: String,
        /// Where in it: a key path (`functions.strcpy.flows[0]`) or `line:col`.
        at: String,
        msg: String,
        fix: String,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Ret => f.write_str("ret"),
            Place::RetContent => f.write_str("*ret"),
            Place::Arg(i) => write!(f, "{i}"),
            Place::Content(i) => write!(f, "*{i}"),
            Place::ContentFrom(i) => write!(f, "*{i}.."),
            Place::ArgsFrom(i) => write!(f, "{i}.."),
        }
    }
}

impl Place {
    /// Parses the model-file syntax: `ret`, `*ret`, `N`, `*N`, `N..`, `*N..`.
    pub fn parse(s: &str) -> Option<Place> {
        let s = s.trim();
        let (deref, rest) = match s.strip_prefix('*') {
            Some(r) => (true, r),
            None => (false, s),
        };
        if rest == "ret" {
            return Some(if deref { Place::RetContent } else { Place::Ret });
        }
        let (from, num) = match rest.strip_suffix("..") {
            Some(n) => (true, n),
            None => (false, rest),
        };
        if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let i = num.parse().ok()?;
        Some(match (deref, from) {
            (false, false) => Place::Arg(i),
            (true, false) => Place::Content(i),
            (false, true) => Place::ArgsFrom(i),
            (true, true) => Place::ContentFrom(i),
        })
    }

    /// Whether the place is (part of) an argument rather than the result.
    pub fn is_arg(self) -> bool {
        !matches!(self, Place::Ret | Place::RetContent)
    }

    /// The place after `n` arguments were inserted at position `at`.
    fn shifted(self, at: usize, n: usize) -> Place {
        let s = |i: usize| if i >= at { i + n } else { i };
        match self {
            Place::Ret | Place::RetContent => self,
            Place::Arg(i) => Place::Arg(s(i)),
            Place::Content(i) => Place::Content(s(i)),
            Place::ContentFrom(i) => Place::ContentFrom(s(i)),
            Place::ArgsFrom(i) => Place::ArgsFrom(s(i)),
        }
    }
}

impl FnModel {
    /// The model of a variant taking `n` more arguments at position `at`.
    fn shifted(&self, at: usize, n: usize) -> FnModel {
        FnModel {
            sources: self.sources.iter().map(|p| p.shifted(at, n)).collect(),
            sinks: self
                .sinks
                .iter()
                .map(|s| Sink {
                    place: s.place.shifted(at, n),
                    rule: s.rule,
                })
                .collect(),
            sanitizer: self
                .sanitizer
                .map(|(i, a)| (if i >= at { i + n } else { i }, a)),
            flows: self
                .flows
                .iter()
                .map(|&(a, b)| (a.shifted(at, n), b.shifted(at, n)))
                .collect(),
            allocates: self.allocates,
        }
    }
}

impl Models {
    /// The shipped libc models (parsed once, then cloned).
    pub fn libc() -> Models {
        static LIBC_MODELS: OnceLock<Models> = OnceLock::new();
        LIBC_MODELS
            .get_or_init(|| {
                parse(LIBC, "libc.toml (built in)", &[])
                    .expect("the shipped models/libc.toml is valid (a unit test parses it)")
            })
            .clone()
    }

    /// Models from a file in libc.toml's shape; its sinks may name libc's
    /// rules as well as its own.
    pub fn from_file(path: &Path) -> Result<Models, ModelsError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| ModelsError::Read {
            path: file.clone(),
            source,
        })?;
        Models::from_text(&text, &file)
    }

    /// Models from a model file's text; `file` names it in errors.
    pub fn from_text(text: &str, file: &str) -> Result<Models, ModelsError> {
        parse(text, file, &Models::libc().rules)
    }

    /// Models for functions named on the command line alone; see
    /// [`Models::add_names`]. Merging them replaces same-named models, so
    /// prefer `add_names` on the full set to keep libc's.
    pub fn from_names(sources: &[String], sinks: &[String], sanitizers: &[String]) -> Models {
        let mut m = Models::default();
        m.add_names(sources, sinks, sanitizers);
        m
    }

    /// Adds `other`: its functions replace whole same-named entries (a model
    /// file states all a function does), its rules replace same-id rules.
    pub fn merge(&mut self, other: Models) {
        let map: Vec<usize> = other.rules.into_iter().map(|r| self.put_rule(r)).collect();
        for (name, mut m) in other.functions {
            for s in &mut m.sinks {
                s.rule = map[s.rule];
            }
            self.functions.insert(name, m);
        }
    }

    /// Models functions named by the user that have no model yet (a name
    /// already modelled keeps its model): a source returns attacker data, a
    /// sink must get none in any argument, a sanitizer accepts argument 0
    /// when it returns non-zero.
    pub fn add_names(&mut self, sources: &[String], sinks: &[String], sanitizers: &[String]) {
        let fresh: HashSet<&str> = sources
            .iter()
            .chain(sinks)
            .chain(sanitizers)
            .map(String::as_str)
            .filter(|n| self.get(n).is_none())
            .collect();
        let mut sink_rule = None;
        for n in sinks.iter().filter(|n| fresh.contains(n.as_str())) {
            let rule = *sink_rule.get_or_insert_with(|| self.tainted_data_rule());
            let m = self.functions.entry(n.clone()).or_default();
            m.sinks = vec![
                Sink {
                    place: Place::ArgsFrom(0),
                    rule,
                },
                Sink {
                    place: Place::ContentFrom(0),
                    rule,
                },
            ];
        }
        for n in sources.iter().filter(|n| fresh.contains(n.as_str())) {
            let m = self.functions.entry(n.clone()).or_default();
            m.sources = vec![Place::Ret, Place::RetContent];
        }
        for n in sanitizers.iter().filter(|n| fresh.contains(n.as_str())) {
            let m = self.functions.entry(n.clone()).or_default();
            m.sanitizer = Some((0, Accepts::NonZero));
        }
    }

    /// The model for a callee as clang names it: the exact name, else the C
    /// function behind an LLVM intrinsic, `__isoc99_`/`__isoc23_` alias or
    /// fortified `__X_chk` variant (with argument positions moved to match).
    pub fn get(&self, callee: &str) -> Option<Cow<'_, FnModel>> {
        if let Some(m) = self.functions.get(callee) {
            return Some(Cow::Borrowed(m));
        }
        if let Some(rest) = callee.strip_prefix("llvm.") {
            let base = rest.split('.').next().unwrap_or("");
            return match base {
                "memcpy" | "memmove" => self.functions.get(base).map(Cow::Borrowed),
                _ => None,
            };
        }
        if let Some(base) = callee
            .strip_prefix("__isoc99_")
            .or_else(|| callee.strip_prefix("__isoc23_"))
        {
            return self.functions.get(base).map(Cow::Borrowed);
        }
        let base = callee.strip_prefix("__")?.strip_suffix("_chk")?;
        let &(_, at, n) = CHK.iter().find(|(name, ..)| *name == base)?;
        let m = self.functions.get(base)?;
        Some(if n == 0 {
            Cow::Borrowed(m)
        } else {
            Cow::Owned(m.shifted(at, n))
        })
    }

    /// Whether calls of `f` run its body: `f` is defined and not modelled
    /// as an allocator. An allocator model of a defined function (a
    /// program's own allocator named in a `--models` file) stands for its
    /// body at every direct call, so each call gets a heap object of its
    /// own; any other model of a defined function adds to its body (a
    /// `--sources-fn` name's result is attacker data, and its body's flows
    /// still happen).
    pub fn runs_body(&self, f: &Function) -> bool {
        f.defined && !self.get(&f.name).is_some_and(|m| m.allocates)
    }

    /// Rule `i` (a [`Sink::rule`]).
    pub fn rule(&self, i: usize) -> &Rule {
        &self.rules[i]
    }

    /// The index of the rule with id `id`.
    pub fn rule_index(&self, id: &str) -> Option<usize> {
        self.rules.iter().position(|r| r.id == id)
    }

    /// Adds or replaces (by id) a rule; returns its index.
    fn put_rule(&mut self, r: Rule) -> usize {
        match self.rule_index(&r.id) {
            Some(i) => {
                self.rules[i] = r;
                i
            }
            None => {
                self.rules.push(r);
                self.rules.len() - 1
            }
        }
    }

    /// The index of `tainted-data`, added if absent (kept if a file set it).
    fn tainted_data_rule(&mut self) -> usize {
        self.rule_index(TAINTED_DATA).unwrap_or_else(|| {
            self.put_rule(Rule {
                id: TAINTED_DATA.into(),
                name: "Attacker data reaches an argument of a function named as a sink".into(),
                help: "Data from a source reaches a function the run was told is a sink. \
                       Fix: check or sanitize the data before the call, or name the checking \
                       function as a sanitizer"
                    .into(),
            })
        })
    }
}

/// Parses a models file; `known` are rules its sinks may name besides its own
/// (copied into the result so its indices stay self-contained).
fn parse(text: &str, file: &str, known: &[Rule]) -> Result<Models, ModelsError> {
    let p = Parser { file };
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let at = e.span().map_or_else(
            || "TOML".to_string(),
            |s| {
                let before = &text[..s.start.min(text.len())];
                let line = before.matches('\n').count() + 1;
                let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
                format!("{line}:{col}")
            },
        );
        p.err(
            at,
            e.message().trim_end_matches('.'),
            "write valid TOML in the shape of crates/dwell/models/libc.toml",
        )
    })?;
    p.keys("(top level)", &table, &["rules", "functions"])?;
    let mut m = Models::default();
    if let Some(v) = table.get("rules") {
        for (id, v) in p.table("rules", v)? {
            let at = format!("rules.{id}");
            let t = p.table(&at, v)?;
            p.keys(&at, t, &["name", "help"])?;
            let text = |k: &str| -> Result<String, ModelsError> {
                let at = format!("{at}.{k}");
                match t.get(k) {
                    Some(v) => p.string(&at, v).map(str::to_string),
                    None => Err(p.err(at, "missing", "give the rule a `name` and a `help` string")),
                }
            };
            let (name, help) = (text("name")?, text("help")?);
            m.rules.push(Rule {
                id: id.clone(),
                name,
                help,
            });
        }
    }
    if let Some(v) = table.get("functions") {
        for (name, v) in p.table("functions", v)? {
            let f = p.function(&format!("functions.{name}"), v, &mut m.rules, known)?;
            m.functions.insert(name.clone(), f);
        }
    }
    Ok(m)
}

/// Walks a parsed models file, naming the offending key in each error.
struct Parser<'a> {
    file: &'a str,
}

/// The keys of a `[functions.NAME]` table.
const FN_KEYS: &[&str] = &["sources", "sinks", "flows", "sanitizer", "allocates"];

impl Parser<'_> {
    fn err(
        &self,
        at: impl Into<String>,
        msg: impl Into<String>,
        fix: impl Into<String>,
    ) -> ModelsError {
        ModelsError::Invalid {
            file: self.file.to_string(),
            at: at.into(),
            msg: msg.into(),
            fix: fix.into(),
        }
    }

    /// One function's model.
    fn function(
        &self,
        at: &str,
        v: &toml::Value,
        rules: &mut Vec<Rule>,
        known: &[Rule],
    ) -> Result<FnModel, ModelsError> {
        let t = self.table(at, v)?;
        self.keys(at, t, FN_KEYS)?;
        let mut f = FnModel::default();
        if let Some(v) = t.get("sources") {
            for (i, s) in self.array(&format!("{at}.sources"), v)?.iter().enumerate() {
                let at = format!("{at}.sources[{i}]");
                f.sources.push(self.place(&at, self.string(&at, s)?)?);
            }
        }
        if let Some(v) = t.get("flows") {
            for (i, s) in self.array(&format!("{at}.flows"), v)?.iter().enumerate() {
                let at = format!("{at}.flows[{i}]");
                f.flows.push(self.flow(&at, self.string(&at, s)?)?);
            }
        }
        if let Some(v) = t.get("sinks") {
            for (i, s) in self.array(&format!("{at}.sinks"), v)?.iter().enumerate() {
                f.sinks
                    .push(self.sink(&format!("{at}.sinks[{i}]"), s, rules, known)?);
            }
        }
        if let Some(v) = t.get("sanitizer") {
            f.sanitizer = Some(self.sanitizer(&format!("{at}.sanitizer"), v)?);
        }
        if let Some(v) = t.get("allocates") {
            f.allocates = v.as_bool().ok_or_else(|| {
                self.err(
                    format!("{at}.allocates"),
                    "is not a boolean",
                    "write `allocates = true`",
                )
            })?;
        }
        Ok(f)
    }

    fn place(&self, at: &str, s: &str) -> Result<Place, ModelsError> {
        Place::parse(s).ok_or_else(|| {
            self.err(
                at,
                format!("`{s}` is not a place ({PLACE_SYNTAX})"),
                "write a place as ret, *ret, 0, *0, 1.. or *1.. (N counts arguments from 0)",
            )
        })
    }

    /// `"FROM -> TO"`.
    fn flow(&self, at: &str, s: &str) -> Result<(Place, Place), ModelsError> {
        let Some((a, b)) = s.split_once("->") else {
            return Err(self.err(
                at,
                format!("`{s}` is not a flow"),
                "write a flow as \"FROM -> TO\", e.g. \"*1 -> *0\"",
            ));
        };
        let place = |p: &str| {
            Place::parse(p).ok_or_else(|| {
                self.err(
                    at,
                    format!("`{}` in `{s}` is not a place ({PLACE_SYNTAX})", p.trim()),
                    "write a flow as \"FROM -> TO\" with places like ret, *ret, 0, *0, 1.., *1..",
                )
            })
        };
        Ok((place(a)?, place(b)?))
    }

    /// `{ place = "*1", rule = "ID" }`; the rule is looked up in this file's
    /// rules, then in `known` (and copied in).
    fn sink(
        &self,
        at: &str,
        v: &toml::Value,
        rules: &mut Vec<Rule>,
        known: &[Rule],
    ) -> Result<Sink, ModelsError> {
        let t = self.table(at, v)?;
        self.keys(at, t, &["place", "rule"])?;
        let field = |k: &str| match t.get(k) {
            Some(v) => self.string(&format!("{at}.{k}"), v),
            None => Err(self.err(
                format!("{at}.{k}"),
                "missing",
                "write a sink as { place = \"*0\", rule = \"RULE-ID\" }",
            )),
        };
        let place = self.place(&format!("{at}.place"), field("place")?)?;
        if !place.is_arg() {
            return Err(self.err(
                format!("{at}.place"),
                format!("`{place}` is the result, not an argument"),
                "name an argument place (N, *N, N.., *N..); a result that must not be tainted is not a sink",
            ));
        }
        let id = field("rule")?;
        let rule = match rules.iter().position(|r| r.id == id) {
            Some(i) => i,
            None => {
                let Some(r) = known.iter().find(|r| r.id == id) else {
                    let mut ids: Vec<&str> =
                        rules.iter().chain(known).map(|r| r.id.as_str()).collect();
                    ids.sort_unstable();
                    ids.dedup();
                    return Err(self.err(
                        format!("{at}.rule"),
                        format!("unknown rule `{id}`"),
                        format!(
                            "define it under [rules.{id}] with `name` and `help`, or use one of: {}",
                            ids.join(", ")
                        ),
                    ));
                };
                rules.push(r.clone());
                rules.len() - 1
            }
        };
        Ok(Sink { place, rule })
    }

    /// `{ arg = N, accepts = "nonzero" | "zero" }` (accepts defaults to nonzero).
    fn sanitizer(&self, at: &str, v: &toml::Value) -> Result<(usize, Accepts), ModelsError> {
        let t = self.table(at, v)?;
        self.keys(at, t, &["arg", "accepts"])?;
        let arg = t
            .get("arg")
            .and_then(toml::Value::as_integer)
            .and_then(|i| usize::try_from(i).ok())
            .ok_or_else(|| {
                self.err(
                    format!("{at}.arg"),
                    "missing or not an argument number",
                    "write the checked argument as `arg = 0` (arguments count from 0)",
                )
            })?;
        let accepts = match t
            .get("accepts")
            .map(|v| self.string(&format!("{at}.accepts"), v))
        {
            None => Accepts::NonZero,
            Some(Ok("nonzero")) => Accepts::NonZero,
            Some(Ok("zero")) => Accepts::Zero,
            Some(Ok(s)) => {
                return Err(self.err(
                    format!("{at}.accepts"),
                    format!("`{s}` is not a verdict"),
                    "write accepts = \"nonzero\" (a non-zero result accepts) or \"zero\"",
                ))
            }
            Some(Err(e)) => return Err(e),
        };
        Ok((arg, accepts))
    }

    /// Fails on a key outside `allowed`, suggesting the nearest.
    fn keys(&self, at: &str, t: &toml::Table, allowed: &[&str]) -> Result<(), ModelsError> {
        let Some(k) = t.keys().find(|k| !allowed.contains(&k.as_str())) else {
            return Ok(());
        };
        let near = allowed
            .iter()
            .min_by_key(|a| strsim::levenshtein(a, k))
            .filter(|a| strsim::levenshtein(a, k) <= 2);
        let keys = allowed.join(", ");
        let fix = match near {
            Some(a) => format!("rename it to `{a}` (the keys here are: {keys})"),
            None => format!("use one of the keys here: {keys}"),
        };
        let path = if at == "(top level)" {
            k.clone()
        } else {
            format!("{at}.{k}")
        };
        Err(self.err(path, format!("unknown key `{k}`"), fix))
    }

    fn table<'v>(&self, at: &str, v: &'v toml::Value) -> Result<&'v toml::Table, ModelsError> {
        v.as_table().ok_or_else(|| {
            self.err(
                at,
                "is not a table",
                "see crates/dwell/models/libc.toml for the shape",
            )
        })
    }

    fn array<'v>(
        &self,
        at: &str,
        v: &'v toml::Value,
    ) -> Result<&'v toml::value::Array, ModelsError> {
        v.as_array().ok_or_else(|| {
            self.err(
                at,
                "is not an array",
                "write a list in brackets, e.g. [\"*0\"]",
            )
        })
    }

    fn string<'v>(&self, at: &str, v: &'v toml::Value) -> Result<&'v str, ModelsError> {
        v.as_str()
            .ok_or_else(|| self.err(at, "is not a string", "quote the value, e.g. \"*0\""))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_libc_parses() {
        let m = parse(LIBC, "libc.toml", &[]).expect("libc.toml parses");
        let ids: Vec<&str> = m.rules.iter().map(|r| r.id.as_str()).collect();
        for id in ["command-injection", "unbounded-copy", "tainted-length"] {
            assert!(ids.contains(&id), "rule {id} in {ids:?}");
        }
        assert!(m.rules.iter().all(|r| r.help.contains("Fix:")));
        assert!(m.functions.len() > 50);
    }

    #[test]
    fn place_syntax_round_trips() {
        for s in ["ret", "*ret", "0", "*3", "2..", "*1.."] {
            assert_eq!(Place::parse(s).map(|p| p.to_string()).as_deref(), Some(s));
        }
        for s in ["", "*", "x", "*x", "1.", "..", "-1", "**0", "ret.."] {
            assert_eq!(Place::parse(s), None, "{s}");
        }
    }
}
