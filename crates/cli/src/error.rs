//! The command line's errors and how they end the process.

use std::io;
use std::process::ExitCode;

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// Bad input (a deal, a card, a file): the message says what and where. Exit status 2.
    Input(String),
    /// Writing the output failed.
    Output(io::Error),
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
            CliError::Input(message) => {
                eprintln!("ddsolve: error: {message}");
                ExitCode::from(2)
            }
            CliError::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            CliError::Output(e) => {
                eprintln!("ddsolve: error: cannot write the output: {e}");
                ExitCode::from(2)
            }
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Output(e)
    }
}
