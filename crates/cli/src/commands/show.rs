//! `bushka show`: draw a position (by default the variant's start position).

use bushka_geometry::{Cell, Colour};
use bushka_session::Variant;

use crate::commands::common::PositionArgs;
use crate::commands::{cells, load_variant_board};
use crate::error::CliError;
use crate::output;
use crate::render::{self, Options};

/// Draw a position, White at the bottom: the start position unless --position is given.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: PositionArgs,
    /// Draw the cell names next to the pieces.
    #[arg(long)]
    names: bool,
}

/// Runs `show`.
pub fn run(args: Args) -> Result<(), CliError> {
    let variant = match args.position.variant() {
        Ok(variant) => variant,
        Err(error) if args.names => return names_only(&args, error),
        Err(error) => return Err(error),
    };
    run_on(&variant, &args)
}

/// `--names` on a variant that does not load as a game (its players section is
/// unfinished): draws the cell names of its board, and says why there is no position.
fn names_only(args: &Args, error: CliError) -> Result<(), CliError> {
    let Ok(geometry) = load_variant_board(&args.position.variant) else {
        return Err(error);
    };
    output::eprintln(&format!(
        "note: no position to draw: {error}\nnote: drawing the board's cell names only"
    ));
    output::print(&cells::describe(&geometry))
}

fn run_on(variant: &Variant, args: &Args) -> Result<(), CliError> {
    let geometry = variant.geometry();
    let position = args.position.position(variant)?;
    let color = render::color_enabled();
    let start = position.pieces();
    let pieces = |cell: Cell| render::piece_text(start[cell.index()], color);
    let options = Options {
        color,
        row_labels: !args.names,
        ..Options::default()
    };
    let board = render::render(geometry, pieces, &options);
    let board = if args.names {
        let names = render::render(
            geometry,
            |cell| geometry.name(cell).to_string(),
            &Options::default(),
        );
        render::side_by_side(&board, &names, 4)
    } else {
        board
    };

    let meta = geometry.meta();
    let count = |player: Colour| {
        let plural =
            |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let (men, kings) = position.count(player);
        let mut text = plural(men, "man", "men");
        if kings > 0 {
            text.push_str(&format!(", {}", plural(kings, "king", "kings")));
        }
        text
    };
    let what = if args.position.position.is_some() {
        "position"
    } else {
        "start position"
    };
    let mut text = format!(
        "{} ({}): {what}, {} cells, {} to move\n\n",
        meta.name,
        meta.id,
        geometry.cell_count(),
        position.side().name()
    );
    text.push_str(&board);
    text.push('\n');
    text.push_str(&format!(
        "White: {}; Black: {}.\n{}.\n",
        count(Colour::White),
        count(Colour::Black),
        render::piece_legend()
    ));
    if !args.names {
        text.push_str(
            "Each row ends with the names of its first and last cell; --names draws every name.\n",
        );
    }
    output::print(&text)
}
