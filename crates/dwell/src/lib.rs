//! # dwell
//!
//! TODO: the page of prose (Graph → Backend → results) with a runnable example.

pub mod analysis;
pub mod backend;
pub mod formats;
pub mod gen;
pub mod graph;
pub mod io;
pub mod session;
pub mod sources;
