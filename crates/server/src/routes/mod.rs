//! The routes: one file each, named by its path.

pub mod annotate;
pub mod assets;
pub mod boards;
pub mod health;
pub mod lead;
pub mod openapi;
pub mod play;
pub mod solve;
pub mod table;
