//! `GET /api/openapi.json`: the OpenAPI 3.1 document of the API, kept by hand in
//! `crates/server/openapi.json` and embedded at compile time. A test checks
//! real responses of every route against its schemas.

use axum::http::header;
use axum::response::IntoResponse;

/// The document.
pub const OPENAPI_JSON: &str = include_str!("../../openapi.json");

/// The handler.
pub async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI_JSON)
}
