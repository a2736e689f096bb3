//! `bushka new --board draughts:WxH|square:WxH|hexagon:S --rows N`: write a starting
//! variant file.

use std::path::PathBuf;

use bushka_geometry::file::{CornerColour, Diagonals, GeneratorSpec};
use bushka_geometry::{Cell, Colour, Geometry, LatticeDirection, MAX_CELLS};

use crate::error::CliError;
use crate::output;

/// Write a complete, valid, commented variant file for a new board (cells,
/// directions, forward directions, promotion zones, men on the first N rows), for an
/// author to edit. Check the result with `bushka check FILE`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board: `draughts:WxH` (the dark squares of a W x H board, 4 to 26 squares
    /// a side), `square:WxH` (every square of a W x H board, 4 to 26 a side) or
    /// `hexagon:S` (a hexagon with S cells a side, 2 to 18).
    #[arg(long, value_name = "BOARD")]
    board: String,
    /// Rows of men each player starts with, counted from the player's own edge.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=64))]
    rows: u64,
    /// Write the file here instead of standard output (an existing file is not
    /// overwritten).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Reads `--board`: `draughts:12x12`, `square:8x8` or `hexagon:6`.
fn parse_board(text: &str) -> Result<GeneratorSpec, CliError> {
    let bad = |why: &str| {
        CliError::Usage(format!(
            "bad --board `{text}`: {why} (expected draughts:WxH, such as draughts:10x10, square:WxH, such as square:8x8, or hexagon:S, such as hexagon:5)"
        ))
    };
    let (kind, size) = text.split_once(':').ok_or_else(|| bad("no `:`"))?;
    let number = |s: &str, low: u32, high: u32| -> Result<u32, CliError> {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (low..=high).contains(n))
            .ok_or_else(|| bad(&format!("`{s}` is not a whole number from {low} to {high}")))
    };
    let sides = || -> Result<(u32, u32), CliError> {
        let (w, h) = size
            .split_once(['x', 'X'])
            .ok_or_else(|| bad("no `x` between width and height"))?;
        Ok((number(w, 4, 26)?, number(h, 4, 26)?))
    };
    match kind.trim() {
        "draughts" => {
            let (width, height) = sides()?;
            Ok(GeneratorSpec::Draughts {
                width,
                height,
                bottom_left: CornerColour::Dark,
            })
        }
        "square" => {
            let (width, height) = sides()?;
            Ok(GeneratorSpec::Square {
                width,
                height,
                diagonals: Diagonals::All,
            })
        }
        "hexagon" => Ok(GeneratorSpec::Hexagon {
            side: number(size, 2, 18)?,
        }),
        other => Err(bad(&format!("unknown board kind `{other}`"))),
    }
}

/// The variant's default id: `draughts-12x12`, `square-8x8`, `hexagon-6`.
fn default_id(shape: &GeneratorSpec) -> String {
    match shape {
        GeneratorSpec::Draughts { width, height, .. } => format!("draughts-{width}x{height}"),
        GeneratorSpec::Square { width, height, .. } => format!("square-{width}x{height}"),
        GeneratorSpec::Hexagon { side } => format!("hexagon-{side}"),
    }
}

/// Runs `new`.
pub fn run(args: Args) -> Result<(), CliError> {
    let shape = parse_board(&args.board)?;
    // The id is conventionally the file stem.
    let id = args.out.as_ref().and_then(|p| p.file_stem()).map_or_else(
        || default_id(&shape),
        |stem| stem.to_string_lossy().into_owned(),
    );
    let text = variant_text(&shape, args.rows as usize, &id)?;
    match &args.out {
        None => output::print(&text),
        Some(path) => {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path);
            let written = file.and_then(|mut f| std::io::Write::write_all(&mut f, text.as_bytes()));
            written.map_err(|error| CliError::File {
                path: path.display().to_string(),
                error,
            })?;
            output::println(&format!(
                "Wrote {}. Next: `bushka check {0}` (it also plays the variant), `bushka cells {0}` for the cell names, `bushka show --variant {0}`.",
                path.display()
            ))
        }
    }
}

/// The variant file for `shape` with `rows` rows of men, not yet loaded as a game.
fn unchecked_text(shape: &GeneratorSpec, rows: usize, id: &str) -> Result<String, CliError> {
    // The board alone first: its cells give the promotion zones.
    let board_text = board_section(shape);
    let head = format!("[variant]\nid = \"x\"\nname = \"x\"\n\n{board_text}");
    let geometry = bushka_geometry::load_board_str(&head, "generated board")?;
    if geometry.cell_count() > MAX_CELLS {
        return Err(CliError::Usage(format!(
            "the board has {} cells; at most {MAX_CELLS} are supported",
            geometry.cell_count()
        )));
    }
    let zone = |player| promotion_zone(shape, player, &geometry);
    let names = |cells: &[Cell]| {
        let quoted: Vec<String> = cells
            .iter()
            .map(|&c| format!("\"{}\"", geometry.name(c)))
            .collect();
        wrap(&quoted)
    };
    let text = format!(
        "{}\n{}\n{board_text}\n{}",
        header(shape, rows),
        variant_section(shape, rows, id),
        players_and_rules(
            shape,
            rows,
            &names(&zone(Colour::White)),
            &names(&zone(Colour::Black))
        ),
    );
    Ok(text)
}

/// The variant file, or why it does not load (rows that overlap or reach the far
/// side) with the most rows that fit.
pub fn variant_text(shape: &GeneratorSpec, rows: usize, id: &str) -> Result<String, CliError> {
    let valid = |rows: usize| -> Result<Result<String, bushka_geometry::VariantError>, CliError> {
        let text = unchecked_text(shape, rows, id)?;
        Ok(bushka_geometry::load_str(&text, "generated variant").map(|_| text))
    };
    match valid(rows)? {
        Ok(text) => Ok(text),
        Err(error) => {
            let mut most = None;
            for r in (1..rows).rev() {
                if valid(r)?.is_ok() {
                    most = Some(r);
                    break;
                }
            }
            let most = most.map_or("none fit".to_string(), |r| format!("at most {r} fit"));
            Err(CliError::Usage(format!(
                "{rows} rows of men do not fit on this board ({most}): {}",
                error.kind
            )))
        }
    }
}

/// `text` as the inside of a TOML basic string.
fn toml_escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Names split over lines of at most ten, indented to follow `key = [`.
fn wrap(quoted: &[String]) -> String {
    let lines: Vec<String> = quoted.chunks(10).map(|c| c.join(", ")).collect();
    format!("[{}]", lines.join(",\n             "))
}

/// `player`'s promotion zone on `geometry`, the board `shape` generates.
fn promotion_zone(shape: &GeneratorSpec, player: Colour, geometry: &Geometry) -> Vec<Cell> {
    geometry
        .cells()
        .filter(|&c| shape.promotes(player, geometry.coords(c)))
        .collect()
}

/// `--board` as it was given: `draughts:12x12`, `square:8x8`, `hexagon:6`.
fn board_arg(shape: &GeneratorSpec) -> String {
    match shape {
        GeneratorSpec::Draughts { width, height, .. } => format!("draughts:{width}x{height}"),
        GeneratorSpec::Square { width, height, .. } => format!("square:{width}x{height}"),
        GeneratorSpec::Hexagon { side } => format!("hexagon:{side}"),
    }
}

fn header(shape: &GeneratorSpec, rows: usize) -> String {
    format!(
        "# A new variant, written by `bushka new --board {} --rows {rows}`.\n\
         #\n\
         # Edit it freely: `bushka check FILE` validates it and plays a few hundred random\n\
         # games to warn about a start that cannot work; `bushka cells FILE` draws the cell\n\
         # names; `bushka show --variant FILE` the start position. The keys are explained\n\
         # in the README (\"Variant files\") and the rules in crates/rules/RULES.md.\n",
        board_arg(shape)
    )
}

fn variant_section(shape: &GeneratorSpec, rows: usize, id: &str) -> String {
    let (name, board) = match shape {
        GeneratorSpec::Draughts { width, height, .. } => (
            format!("Bushka {width}x{height}"),
            format!("the dark squares of a {width}x{height} board"),
        ),
        GeneratorSpec::Square { width, height, .. } => (
            format!("Bushka {width}x{height} squares"),
            format!("every square of a {width}x{height} board"),
        ),
        GeneratorSpec::Hexagon { side } => (
            format!("Hexbushka {side}"),
            format!("a hexagon of side {side}, each player facing a corner"),
        ),
    };
    format!(
        "[variant]\n\
         id = \"{}\"\n\
         name = \"{name}\"\n\
         description = \"Bushka on {board}, {rows} rows of men a side\"\n\
         sources = [\"generated by bushka new\"]\n",
        toml_escape(id)
    )
}

/// The `[[board.directions]]` tables.
fn directions(list: &[LatticeDirection]) -> String {
    list.iter()
        .map(|direction| {
            let [l, n] = direction.vector;
            let name_line = format!("name = \"{}\"", direction.name);
            let name_line = if direction.along.is_empty() {
                name_line
            } else {
                format!("{name_line:<24}# {}", direction.along)
            };
            format!("\n[[board.directions]]\n{name_line}\nvector = [{l}, {n}]\n")
        })
        .collect()
}

fn board_section(shape: &GeneratorSpec) -> String {
    let comment = match shape {
        GeneratorSpec::Draughts { width, height, .. } => format!(
            "[board]\n\
             # Cells are named by a lettered line (running up-right) and a numbered line\n\
             # (running up-left); the labels default to a, b, c... and 1, ..., 9, 0, 11, 12...\n\
             generate = {{ draughts = {{ width = {width}, height = {height} }} }}\n"
        ),
        GeneratorSpec::Square { width, height, .. } => format!(
            "[board]\n\
             # Cells are named by their file (a lettered line, left to right) and rank (a\n\
             # numbered line, bottom to top), as in chess: a1 is White's bottom-left corner.\n\
             generate = {{ square = {{ width = {width}, height = {height} }} }}\n"
        ),
        GeneratorSpec::Hexagon { side } => format!(
            "[board]\n\
             # Cell (L, N) exists when |L - N| < {side} (0-based letter and number indices):\n\
             # a1 is White's corner at the bottom. Labels default to a, b, c... and 1, ..., 9, 0, 11...\n\
             generate = {{ hexagon = {{ side = {side} }} }}\n"
        ),
    };
    comment + &directions(shape.directions())
}

fn players_and_rules(
    shape: &GeneratorSpec,
    rows: usize,
    white_zone: &str,
    black_zone: &str,
) -> String {
    let forward = |player| {
        let quoted: Vec<String> = shape
            .forward(player)
            .iter()
            .map(|name| format!("\"{name}\""))
            .collect();
        format!("[{}]", quoted.join(", "))
    };
    let (white_forward, black_forward) = (forward(Colour::White), forward(Colour::Black));
    let zone = shape.promotion_zone();
    format!(
        "[players.white]             # White moves first and is drawn at the bottom\n\
         forward = {white_forward}   # directions in which White's men move\n\
         # Where White's men promote: {zone}, Black's back rank.\n\
         promotion = {white_zone}\n\
         # Men on the {rows} rows nearest White (row 1 is White's back rank); or list cells.\n\
         men = {{ rows = {rows} }}\n\
         kings = []\n\
         \n\
         [players.black]\n\
         forward = {black_forward}\n\
         promotion = {black_zone}\n\
         men = {{ rows = {rows} }}\n\
         kings = []\n\
         \n\
         [rules]                     # official Bushka; change a switch to make a variant\n\
         capture = \"contact\"         # linear capture by lines of men, then piece capture\n\
         min_line = 2                # fewest men that form a line of men\n\
         majority = true             # the largest capture is compulsory\n\
         king_range = \"long\"         # \"long\": kings fly along open lines; \"short\": one step\n\
         repetition = 3              # the n-th occurrence of a position draws\n\
         \n\
         [evaluation]                # material values for the computer opponent\n\
         man = 100\n\
         king = 300\n\
         # A learned evaluation, read from beside this file, written by\n\
         # `bushka train --variant THIS-FILE --out NAME.weights.toml`:\n\
         # weights = \"NAME.weights.toml\"\n"
    )
}
