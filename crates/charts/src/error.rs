//! What can go wrong when drawing a chart.

/// A chart that could not be drawn (the drawing library's message).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot draw the chart: {0}")]
pub struct ChartError(String);

/// The drawing library's error as a [`ChartError`].
pub(crate) fn chart_error(e: impl std::fmt::Display) -> ChartError {
    ChartError(e.to_string())
}
