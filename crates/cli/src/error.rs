//! The command line's errors and how they end the process.

use std::io;
use std::process::ExitCode;
use thiserror::Error;

/// Why a command failed.
#[derive(Debug, Error)]
pub enum CliError {
    /// Bad input (a deal, a card, a file): the message says what and where. Exit status 2.
    #[error("{0}")]
    Input(String),
    /// Bad input already reported piece by piece on stderr (bad lines of a batch run with
    /// `--keep-going`, bad boards of `annotate`); the message sums it up. Exit status 2.
    #[error("{0}")]
    Reported(String),
    /// Writing the output failed.
    #[error("cannot write the output: {0}")]
    Output(#[from] io::Error),
}

impl CliError {
    /// A bad-input error with `message`.
    pub fn input(message: impl Into<String>) -> CliError {
        CliError::Input(message.into())
    }

    /// Prints the error on stderr and gives the exit status: 2, or 0 if the reader of our
    /// output went away (a closed pipe, as with `| head`), which is no error of ours.
    pub fn report(self) -> ExitCode {
        match self {
            CliError::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            e => {
                eprintln!("ddsolve: error: {e}");
                ExitCode::from(2)
            }
        }
    }
}
