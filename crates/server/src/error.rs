//! The errors of the API, each answered as `{"error": "..."}` with its status, and the
//! errors that stop the server itself.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

/// An API request that fails: the status and a message naming the problem, answered as
/// the JSON object `{"error": message}` (with `Retry-After` when the queue is full).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// 4xx for a bad request, 503 or 504 when the server is busy or out of time.
    pub status: StatusCode,
    /// What is wrong.
    pub message: String,
    /// Seconds after which to try again (503 only).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 400: the request is well-formed JSON but its content is wrong.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 503 with `Retry-After`: the queue of the solvers is full.
    pub fn busy(capacity: usize, retry_after: u64) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!(
                "the server is busy: its queue of {capacity} requests is full; try again in {retry_after} s"
            ),
            retry_after: Some(retry_after),
        }
    }

    /// 504: the request took longer than the time limit.
    pub fn timeout(seconds: f64) -> ApiError {
        ApiError::new(
            StatusCode::GATEWAY_TIMEOUT,
            format!("the request took longer than the server's time limit of {seconds} s"),
        )
    }

    /// 500: a bug (a solver panicked, or the worker pool is gone).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response();
        if self.status == StatusCode::REQUEST_TIMEOUT {
            // The rest of a body too slow to arrive is not read: the connection cannot go on.
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// Why the server cannot start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The address cannot be bound (in use, not local, no permission).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: std::net::SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The configuration is not usable (the message names the option).
    #[error("{0}")]
    Config(String),
    /// Serving failed (an I/O error of the listener, or the runtime).
    #[error("the server failed: {0}")]
    Io(#[from] std::io::Error),
}
