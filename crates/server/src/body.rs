//! Request bodies: the size limits, and the extractor of JSON bodies whose every failure
//! (wrong content type, not JSON, a missing or unknown field, a body over the limit) is an
//! [`ApiError`] naming it.

use crate::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, StatusCode};
use serde::de::DeserializeOwned;
use std::time::Duration;

/// The body limit of the JSON routes: 1 MB.
pub const JSON_LIMIT: usize = 1 << 20;

/// The body limit of the routes that take a PBN file (`/api/annotate`, `/api/boards`): 10 MB.
pub const FILE_LIMIT: usize = 10 << 20;

/// The body limit of the route at `path`.
pub fn limit_for(path: &str) -> usize {
    match path {
        "/api/annotate" | "/api/boards" => FILE_LIMIT,
        _ => JSON_LIMIT,
    }
}

/// The 413 error of a body over `limit` bytes.
pub fn too_large(limit: usize) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "the request body is larger than this route's limit of {} MB",
            limit >> 20
        ),
    )
}

/// The time a request's body has to arrive, set by the server on each request
/// ([`crate::connections`]); a request without it (a router called directly) has no limit.
#[derive(Clone, Copy, Debug)]
pub struct BodyTimeout(pub Duration);

/// The 408 error of a body that did not arrive within `limit`; the connection is closed.
pub fn too_slow(limit: Duration) -> ApiError {
    ApiError::new(
        StatusCode::REQUEST_TIMEOUT,
        format!(
            "the request body did not arrive within the server's limit of {} s",
            limit.as_secs_f64()
        ),
    )
}

/// The body of a request as bytes, a body over the limit (set by the route's
/// `RequestBodyLimitLayer`) a 413 [`ApiError`], one slower than its [`BodyTimeout`] a 408.
#[derive(Debug)]
pub struct RawBody(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for RawBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<RawBody, ApiError> {
        let limit = limit_for(req.uri().path());
        let timeout = req.extensions().get::<BodyTimeout>().copied();
        let read = Bytes::from_request(req, state);
        let read = match timeout {
            Some(BodyTimeout(time)) => match tokio::time::timeout(time, read).await {
                Ok(read) => read,
                Err(_elapsed) => return Err(too_slow(time)),
            },
            None => read.await,
        };
        match read {
            Ok(bytes) => Ok(RawBody(bytes)),
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(too_large(limit)),
            Err(e) => Err(ApiError::new(
                e.status(),
                format!("cannot read the request body: {}", e.body_text()),
            )),
        }
    }
}

/// A JSON request body read into `T`: the content type must be `application/json`.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<JsonBody<T>, ApiError> {
        let content_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        if !is_json(&content_type) {
            let given = if content_type.is_empty() {
                "none".to_string()
            } else {
                format!("{content_type:?}")
            };
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                format!(
                    "the body must be JSON with Content-Type: application/json (given: {given})"
                ),
            ));
        }
        let RawBody(bytes) = RawBody::from_request(req, state).await?;
        parse(&bytes).map(JsonBody)
    }
}

/// Is this content type JSON (`application/json`, or `application/...+json`, any parameters)?
fn is_json(content_type: &str) -> bool {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Reads a JSON body: not JSON and JSON of the wrong shape are told apart.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| {
        use serde_json::error::Category;
        match e.classify() {
            Category::Data => ApiError::bad_request(format!("bad request: {e}")),
            Category::Syntax | Category::Eof | Category::Io => {
                ApiError::bad_request(format!("the body is not JSON: {e}"))
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct R {
        deal: String,
    }

    #[test]
    fn json_errors_name_the_problem() {
        assert!(is_json("application/json; charset=utf-8"));
        assert!(is_json("application/problem+json"));
        assert!(!is_json("text/plain"));
        let e = parse::<R>(b"{\"deal\": ").unwrap_err();
        assert!(
            e.message.starts_with("the body is not JSON"),
            "{}",
            e.message
        );
        let e = parse::<R>(b"{}").unwrap_err();
        assert!(e.message.contains("missing field `deal`"), "{}", e.message);
        let e = parse::<R>(b"{\"deal\": \"x\", \"lead\": 1}").unwrap_err();
        assert!(e.message.contains("unknown field `lead`"), "{}", e.message);
    }
}
