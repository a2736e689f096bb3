//! Helpers shared by `match` and `compare`: player specs and the progress bar.

use std::io::IsTerminal;

use bushka_engine::PlayerSpec;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::error::CliError;

/// Parses a player spec for an automated game (anything but `human`).
pub fn automated_spec(text: &str) -> Result<PlayerSpec, CliError> {
    let spec: PlayerSpec = text.parse()?;
    if spec == PlayerSpec::Human {
        return Err(CliError::Arena(bushka_arena::ArenaError::Human(
            text.to_string(),
        )));
    }
    Ok(spec)
}

/// A progress bar of `total` games on standard error, drawn only when standard error
/// is a terminal (hidden otherwise, so pipes and logs stay clean).
pub fn progress(total: usize, message: &str) -> ProgressBar {
    progress_of(total as u64, message, "games")
}

/// [`progress`] counting `total` of `unit` (games, passes...).
pub fn progress_of(total: u64, message: &str, unit: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(&format!(
        "{{msg}} [{{bar:40.cyan/blue}}] {{pos}}/{{len}} {unit}, {{elapsed_precise}} (eta {{eta}})"
    )) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(message.to_string());
    bar
}
