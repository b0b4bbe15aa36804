//! Models of external functions as data: which calls are taint sources,
//! sinks and sanitizers, how data flows through library calls, and which
//! calls allocate. The value-flow taint (`program::flow`) and points-to
//! (`program::points_to`) read them; a model file shipped in the repo gives
//! the libc defaults, `--models FILE` adds or overrides.

use std::collections::HashMap;

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
