//! Errors in a dealer script: where (line and column, from 1) and what was expected or what
//! is wrong.

use std::fmt;

/// A place in a script: line and column, both from 1 (columns count characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1.
    pub column: u32,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A script that cannot run: where, and the message (what was expected, or what is wrong).
///
/// `Display` gives `line:column: message`; a caller that knows the file name prefixes it
/// (`script.dl:3:14: expected ')' but found ','`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{span}: {message}")]
pub struct ScriptError {
    /// Where the problem is.
    pub span: Span,
    /// What is wrong.
    pub message: String,
}

impl ScriptError {
    /// An error at `span`.
    pub fn new(span: Span, message: impl Into<String>) -> ScriptError {
        ScriptError {
            span,
            message: message.into(),
        }
    }
}

/// An error while dealing: an expression that cannot be evaluated (a division by zero) or a
/// double-dummy solver failure, or a failure to write the output.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// An expression failed on a deal.
    #[error("{span}: {message}")]
    Eval {
        /// The expression's place in the script.
        span: Span,
        /// What failed.
        message: String,
    },
    /// The options do not fit the script (`--until-se` without an `average`).
    #[error("{0}")]
    Usage(String),
    /// Writing the output failed.
    #[error("writing the output: {0}")]
    Io(#[from] std::io::Error),
}
