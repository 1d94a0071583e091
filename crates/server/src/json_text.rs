//! JSON answers serialized on the solver thread, fields in the records' own order (the
//! order of the command line's `--format json` lines).

use crate::ApiError;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// A JSON body, already serialized.
#[derive(Clone, Debug)]
pub struct JsonText(pub Vec<u8>);

impl JsonText {
    /// `value` serialized (a 500 if it cannot be, which no record of ours does).
    pub fn of(value: &impl Serialize) -> Result<JsonText, ApiError> {
        serde_json::to_vec(value)
            .map(JsonText)
            .map_err(|e| ApiError::internal(format!("cannot write the answer: {e}")))
    }
}

impl IntoResponse for JsonText {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}
