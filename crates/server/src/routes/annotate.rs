//! `POST /api/annotate`: a PBN hand-record file (the body, any content type) with the
//! double-dummy tags and par of every board: `ddsolve annotate`, through the same
//! [`ddsolve::annotate::annotate`].
//!
//! The answer is the file's bytes, as they came but for the tags added (`text/plain`,
//! `charset=utf-8` if the file is UTF-8, else `iso-8859-1`, PBN's own). `X-Ddsolve-Boards`
//! counts the boards annotated; each board left as it was (its deal, dealer or vulnerability
//! cannot be read) adds an `X-Ddsolve-Skipped` header, the message percent-encoded
//! (`board 3, line 41: [Deal]: ...`). A file with no board to annotate is a 400.

use crate::body::RawBody;
use crate::{ApiError, AppState};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use ddsolve::annotate::{annotate as annotate_file, AnnotateError};
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use std::sync::{Mutex, PoisonError};

/// The header that counts the boards annotated.
pub const BOARDS_HEADER: &str = "x-ddsolve-boards";

/// The header, one per board, of the boards left as they were.
pub const SKIPPED_HEADER: &str = "x-ddsolve-skipped";

/// The handler.
pub async fn annotate(
    State(state): State<AppState>,
    RawBody(bytes): RawBody,
) -> Result<Response, ApiError> {
    if bytes.is_empty() {
        return Err(ApiError::bad_request(
            "the body is empty: send a PBN file as the body",
        ));
    }
    let done = state
        .solve(move |worker| {
            // One board after another on this solver thread, with its own solver.
            let worker = Mutex::new(worker);
            let make = || worker.lock().unwrap_or_else(PoisonError::into_inner).take();
            annotate_file(&bytes, 1, make, |_, _| {}).map_err(|e| match e {
                AnnotateError::Parse(m) => ApiError::bad_request(format!("not a PBN file: {m}")),
                e @ AnnotateError::NoBoard(_) => ApiError::bad_request(e.to_string()),
            })
        })
        .await?;
    let charset = if std::str::from_utf8(&done.bytes).is_ok() {
        "utf-8"
    } else {
        "iso-8859-1"
    };
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(&format!("text/plain; charset={charset}"))
            .unwrap_or(HeaderValue::from_static("text/plain")),
    );
    headers.insert(BOARDS_HEADER, HeaderValue::from(done.boards));
    for skipped in &done.skipped {
        let encoded = utf8_percent_encode(skipped, NON_ALPHANUMERIC).to_string();
        if let Ok(v) = HeaderValue::from_str(&encoded) {
            headers.append(SKIPPED_HEADER, v);
        }
    }
    Ok((headers, done.bytes).into_response())
}
