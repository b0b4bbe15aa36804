//! The error type every command returns. Errors from the library already end
//! in a `Fix:` hint; `main` prints them as they are, so commands pass them up
//! unchanged (`?`) and only add hints of their own for flag misuse.

pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;
