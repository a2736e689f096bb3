//! SVG charts of variant comparisons, drawn with `plotters` from the reports of
//! `bushka-arena` (which stay data): [`render_svg`] draws the main figures as grouped
//! bars, [`render_series_svg`] one per-ply series of every variant as lines.
//!
//! ```
//! use bushka_arena::{CompareConfig, compare};
//! use bushka_rules::AnyBoard;
//! let board = AnyBoard::new(bushka_geometry::builtin("bushka").unwrap().unwrap());
//! let config = CompareConfig {
//!     games: 2,
//!     player: "random".parse().unwrap(),
//!     max_plies: 20,
//!     ..CompareConfig::default()
//! };
//! let reports = compare(&[board], &config).unwrap();
//! assert!(bushka_charts::render_svg(&reports).unwrap().starts_with("<svg"));
//! ```

#![forbid(unsafe_code)]

mod bars;
mod error;
mod lines;
mod style;

pub use bars::{render_svg, write_svg};
pub use error::ChartError;
pub use lines::{PLOTS, Plot, render_series_svg, write_series_svgs};
