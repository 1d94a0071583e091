//! Same-origin by default: which `Host` the server answers to and which `Origin` may POST.
//!
//! - `Host` must name the server: an IP address it listens on (any address when it listens
//!   on all of them, a loopback one when it listens on loopback), `localhost` when it
//!   listens on loopback or on all addresses, or a name given with `--allow-host`. Any other
//!   name is refused (403): a web page whose own name was made to point at this machine (DNS
//!   rebinding) cannot reach it. A request without `Host` (HTTP/1.0) is let through.
//! - A request that may change something (any method but `GET`, `HEAD`, `OPTIONS`) with an
//!   `Origin` header must come from the server's own origin (`http://` and the request's
//!   `Host`) or from the one `--cors` origin; any other (`null` included) is refused (403).
//!   Browsers send `Origin` with every such request, even a form's or a `text/plain` one
//!   that needs no CORS preflight; programs (curl, scripts) send none and are let through.

use crate::{ApiError, AppState};
use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;

/// The names and origins a server accepts.
#[derive(Clone, Debug)]
pub struct SitePolicy {
    /// The address it listens on.
    ip: IpAddr,
    /// `--allow-host` names, in lower case.
    hosts: Vec<String>,
    /// The `--cors` origin.
    cors: Option<String>,
}

impl SitePolicy {
    /// The policy of a server listening on `ip`.
    pub fn new(ip: IpAddr, hosts: &[String], cors: Option<&str>) -> SitePolicy {
        SitePolicy {
            ip,
            hosts: hosts.iter().map(|h| h.to_ascii_lowercase()).collect(),
            cors: cors.map(|c| c.trim().trim_end_matches('/').to_string()),
        }
    }

    /// Whether a `Host` header value (a name or address, maybe with a port) names this
    /// server.
    pub fn host_allowed(&self, host: &str) -> bool {
        let name = host_name(host).to_ascii_lowercase();
        let any = self.ip.is_unspecified();
        if let Ok(ip) = name
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
        {
            return any || ip == self.ip || (ip.is_loopback() && self.ip.is_loopback());
        }
        if name == "localhost" && (any || self.ip.is_loopback()) {
            return true;
        }
        self.hosts.iter().any(|h| h == &name)
    }

    /// Whether a request with this `Origin` and this `Host` may POST.
    pub fn origin_allowed(&self, origin: &str, host: Option<&str>) -> bool {
        let origin = origin.trim().trim_end_matches('/');
        if self.cors.as_deref() == Some(origin) {
            return true;
        }
        let Some(host) = host else { return false };
        ["http://", "https://"].iter().any(|scheme| {
            origin
                .strip_prefix(scheme)
                .is_some_and(|o| o.eq_ignore_ascii_case(host.trim()))
        })
    }
}

/// The host part of a `Host` value: without its port (`[::1]:8080` is `[::1]`).
fn host_name(host: &str) -> &str {
    let host = host.trim();
    if host.starts_with('[') {
        return host.find(']').map_or(host, |end| &host[..=end]);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// The middleware: 403 with a JSON error naming the header, or the request goes on.
pub async fn check(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let policy = state.site();
    let host = req
        .headers()
        .get(header::HOST)
        .map(|v| v.to_str().unwrap_or("\u{fffd}"));
    if let Some(host) = host {
        if !policy.host_allowed(host) {
            return ApiError::new(
                StatusCode::FORBIDDEN,
                format!(
                    "Host {host:?} is not a name of this server (start it with --allow-host NAME \
                     to answer to another name)"
                ),
            )
            .into_response();
        }
    }
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe {
        if let Some(origin) = req.headers().get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("\u{fffd}");
            if !policy.origin_allowed(origin, host) {
                return ApiError::new(
                    StatusCode::FORBIDDEN,
                    format!(
                        "a page of origin {origin:?} may not call this server (it answers its \
                         own pages, and those of the one origin given with --cors)"
                    ),
                )
                .into_response();
            }
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_origins() {
        let local = SitePolicy::new("127.0.0.1".parse().unwrap(), &[], None);
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:80",
            "127.0.0.2",
        ] {
            assert!(local.host_allowed(ok), "{ok}");
        }
        for bad in [
            "evil.example",
            "evil.example:8080",
            "10.0.0.1",
            "localhost.evil.example",
            "",
        ] {
            assert!(!local.host_allowed(bad), "{bad}");
        }
        let named = SitePolicy::new(
            "0.0.0.0".parse().unwrap(),
            &["Bridge.Example.org".to_string()],
            Some("https://results.example.org/"),
        );
        assert!(named.host_allowed("bridge.example.org:8080"));
        assert!(named.host_allowed("192.168.1.4:8080"));
        assert!(!named.host_allowed("evil.example"));
        let host = Some("127.0.0.1:8080");
        assert!(local.origin_allowed("http://127.0.0.1:8080", host));
        assert!(!local.origin_allowed("http://evil.example", host));
        assert!(!local.origin_allowed("null", host));
        assert!(!local.origin_allowed("http://127.0.0.1:8080", None));
        assert!(named.origin_allowed("https://results.example.org", None));
    }
}
