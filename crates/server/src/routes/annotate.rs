//! `POST /api/annotate`: a PBN hand-record file (the body, any content type) with the
//! double-dummy tags and par of every board: `ddsolve annotate`, through the same
//! [`ddsolve::annotate::annotate`].
//!
//! The answer is the file's bytes, as they came but for the tags added (`text/plain`,
//! `charset=utf-8` if the file is UTF-8, else `iso-8859-1`, PBN's own). `X-Ddsolve-Boards`
//! counts the boards annotated and `X-Ddsolve-Skipped-Count` those left as they were (their
//! deal, dealer or vulnerability cannot be read); the first [`MAX_SKIPPED_HEADERS`] of those
//! each add an `X-Ddsolve-Skipped` header, the message percent-encoded (`board 3, line 41:
//! [Deal]: ...`), so that the answer's headers stay small (`ddsolve annotate` lists them
//! all). A file with no board to annotate, or none that can be read, is a 400.
//!
//! It runs on a solver thread, in the queue like any solving; given up (past the time
//! limit, or its client gone), it stops after the board being solved.

use crate::body::RawBody;
use crate::{ApiError, AppState};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use ddsolve::annotate::{annotate as annotate_file, AnnotateError};
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::{Mutex, PoisonError};

/// The header that counts the boards annotated.
pub const BOARDS_HEADER: &str = "x-ddsolve-boards";

/// The header, one per board, of the first boards left as they were.
pub const SKIPPED_HEADER: &str = "x-ddsolve-skipped";

/// The header that counts the boards left as they were.
pub const SKIPPED_COUNT_HEADER: &str = "x-ddsolve-skipped-count";

/// The most `X-Ddsolve-Skipped` headers of an answer.
pub const MAX_SKIPPED_HEADERS: usize = 10;

/// The unwinding payload that stops an annotation given up (never a panic: no hook runs).
struct Cancelled;

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
            // One board after another on this solver thread, with its own solver; after each
            // board, a request given up unwinds out of the annotation.
            let cancel = worker.cancel_flag();
            let worker = Mutex::new(worker);
            let make = || worker.lock().unwrap_or_else(PoisonError::into_inner).take();
            let progress = |_, _| {
                if cancel.load(Ordering::SeqCst) {
                    resume_unwind(Box::new(Cancelled));
                }
            };
            let done = match catch_unwind(AssertUnwindSafe(|| {
                annotate_file(&bytes, 1, make, progress)
            })) {
                Ok(done) => done,
                Err(payload) if payload.is::<Cancelled>() => {
                    return Err(ApiError::internal("given up (nobody waits for the answer)"))
                }
                Err(payload) => resume_unwind(payload),
            };
            done.map_err(|e| match e {
                AnnotateError::Parse(m) => ApiError::bad_request(format!("not a PBN file: {m}")),
                e @ AnnotateError::NoBoard(_) => ApiError::bad_request(e.to_string()),
            })
        })
        .await?;
    if done.boards == 0 && !done.skipped.is_empty() {
        let n = done.skipped.len();
        let s = if n == 1 { "" } else { "s" };
        return Err(ApiError::bad_request(format!(
            "no board to annotate: none of its {n} board{s} can be read; the first: {}",
            done.skipped[0]
        )));
    }
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
    headers.insert(SKIPPED_COUNT_HEADER, HeaderValue::from(done.skipped.len()));
    for skipped in done.skipped.iter().take(MAX_SKIPPED_HEADERS) {
        let encoded = utf8_percent_encode(skipped, NON_ALPHANUMERIC).to_string();
        if let Ok(v) = HeaderValue::from_str(&encoded) {
            headers.append(SKIPPED_HEADER, v);
        }
    }
    Ok((headers, done.bytes).into_response())
}
