//! The web page: every file of `crates/server/web/`, embedded in the binary at compile time
//! (nothing is read from disk when serving). `/` (with any query, such as
//! `/?deal=...&play=...`) is `index.html`; each file is also at `/static/<path>`, with its
//! content type and an `ETag` (its SHA-256), `Cache-Control: no-cache` so a browser
//! revalidates (a `304` when unchanged) and never runs stale code after an upgrade.

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

/// The page's files.
#[derive(RustEmbed)]
#[folder = "web/"]
pub struct Web;

impl std::fmt::Debug for Web {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Web")
    }
}

/// `GET /`: the page.
pub async fn index(headers: HeaderMap) -> Response {
    file("index.html", &headers)
}

/// `GET /static/{*path}`: a file of the page.
pub async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    file(&path, &headers)
}

/// The embedded file at `path`, `304` if the request's `If-None-Match` has its tag, `404`
/// if there is no such file.
fn file(path: &str, headers: &HeaderMap) -> Response {
    let Some(content) = Web::get(path) else {
        return (StatusCode::NOT_FOUND, format!("no such file: {path}\n")).into_response();
    };
    let hash: String = content
        .metadata
        .sha256_hash()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect();
    let etag = format!("\"{hash}\"");
    let etag_value = HeaderValue::from_str(&etag).unwrap_or(HeaderValue::from_static("\"0\""));
    let cache = (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    if matches {
        return (
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, etag_value), cache],
        )
            .into_response();
    }
    let mime = content.metadata.mimetype();
    let mime = if mime.starts_with("text/") || mime == "application/javascript" {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    };
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_str(&mime)
                    .unwrap_or(HeaderValue::from_static("application/octet-stream")),
            ),
            (header::ETAG, etag_value),
            cache,
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
        ],
        content.data,
    )
        .into_response()
}
