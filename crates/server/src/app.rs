//! The router: the routes, their body limits, and the layers every request goes through
//! (tracing, CORS when asked for, compression, the `Host` and `Origin` checks, JSON errors
//! for the API).

use crate::body::{limit_for, too_large, FILE_LIMIT, JSON_LIMIT};
use crate::routes::{annotate, assets, boards, health, lead, openapi, play, solve, table};
use crate::{site, ApiError, AppState};
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{header, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::time::Duration;
use tower_http::compression::CompressionLayer;
use tower_http::cors::CorsLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::trace::TraceLayer;
use tracing::Span;

/// The whole application: the API under `/api`, the page at `/` and `/static/`.
pub fn router(state: AppState) -> Router {
    let json_api = Router::new()
        .route("/api/table", post(table::table))
        .route("/api/solve", post(solve::solve))
        .route("/api/play", post(play::play))
        .route("/api/lead", post(lead::lead))
        .layer(RequestBodyLimitLayer::new(JSON_LIMIT));
    let files = Router::new()
        .route("/api/annotate", post(annotate::annotate))
        .route("/api/boards", post(boards::boards))
        .layer(RequestBodyLimitLayer::new(FILE_LIMIT));
    let reads = Router::new()
        .route("/api/health", get(health::health))
        .route("/api/openapi.json", get(openapi::openapi))
        .route("/", get(assets::index))
        .route("/static/{*path}", get(assets::asset))
        .layer(RequestBodyLimitLayer::new(JSON_LIMIT));
    let cors = state.cors().map(|origin| {
        CorsLayer::new()
            .allow_origin(origin.clone())
            .allow_methods([Method::GET, Method::POST])
            .allow_headers([header::CONTENT_TYPE])
            .expose_headers([
                header::RETRY_AFTER,
                HeaderName::from_static(annotate::BOARDS_HEADER),
                HeaderName::from_static(annotate::SKIPPED_HEADER),
                HeaderName::from_static(annotate::SKIPPED_COUNT_HEADER),
            ])
            .max_age(Duration::from_secs(3600))
    });
    let trace = TraceLayer::new_for_http()
        .make_span_with(|req: &Request| {
            tracing::info_span!("request", method = %req.method(), path = %req.uri().path())
        })
        .on_request(())
        .on_response(|res: &Response, latency: Duration, _: &Span| {
            tracing::info!(
                status = res.status().as_u16(),
                latency_ms = format_args!("{:.1}", latency.as_secs_f64() * 1000.0),
            );
        })
        .on_failure(())
        .on_body_chunk(())
        .on_eos(());
    Router::new()
        .merge(json_api)
        .merge(files)
        .merge(reads)
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        // The limits are the RequestBodyLimitLayers above, route by route.
        .layer(DefaultBodyLimit::disable())
        .layer(middleware::from_fn(json_errors))
        .layer(middleware::from_fn_with_state(state.clone(), site::check))
        .layer(CompressionLayer::new())
        .layer(tower::util::option_layer(cors))
        .layer(trace)
        .with_state(state)
}

/// Unknown paths: a JSON error under `/api`, plain text elsewhere.
async fn not_found(req: Request) -> Response {
    let path = req.uri().path();
    if is_api(path) {
        ApiError::new(StatusCode::NOT_FOUND, format!("no such API route: {path}")).into_response()
    } else {
        (StatusCode::NOT_FOUND, format!("not found: {path}\n")).into_response()
    }
}

/// A route asked with the wrong method.
async fn method_not_allowed(req: Request) -> Response {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} is not allowed on {}", req.method(), req.uri().path()),
    )
    .into_response()
}

fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// Makes every error answer of the API a JSON `{"error": ...}`: a body over the limit
/// refused by `RequestBodyLimitLayer` from its `Content-Length` (413, plain text there)
/// gets the message of [`too_large`], any other non-JSON error its status's reason.
async fn json_errors(req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let response = next.run(req).await;
    let status = response.status();
    if !is_api(&path) || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if is_json {
        return response;
    }
    let mut error = if status == StatusCode::PAYLOAD_TOO_LARGE {
        too_large(limit_for(&path))
    } else {
        ApiError::new(
            status,
            status.canonical_reason().unwrap_or("error").to_string(),
        )
    };
    error.retry_after = response
        .headers()
        .get(header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok());
    let mut out = error.into_response();
    for (name, value) in response.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            out.headers_mut().insert(name.clone(), value.clone());
        }
    }
    out
}

/// An origin header value for `--cors`.
pub fn origin(text: &str) -> Option<HeaderValue> {
    HeaderValue::from_str(text.trim()).ok()
}
