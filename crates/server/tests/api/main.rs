//! Integration tests of the server: a real server on `127.0.0.1:0` and a real HTTP client
//! (reqwest). Every route and its answers against the library's, every error, the limits,
//! many clients at once, the full queue, the time limit, shutdown, and the OpenAPI document
//! against real responses.

mod common;
mod errors;
mod hardening;
mod input_table;
mod lead;
mod limits;
mod openapi;
mod routes;
