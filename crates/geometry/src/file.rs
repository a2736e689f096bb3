//! The variant file as written: a typed, unvalidated model of the TOML.
//!
//! Every table rejects unknown keys, and every cell or direction name keeps its
//! byte span so that semantic errors can point at the line and column.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};
use toml::Spanned;

/// A name (cell or direction) with its place in the file.
pub type Name = Spanned<String>;

/// The whole variant file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// Name, id, description and sources.
    pub variant: MetaSpec,
    /// Cells, directions, links and display.
    pub board: BoardSpec,
    /// White's and Black's forward directions, promotion zones and start.
    pub players: PlayersSpec,
    /// Rule switches; every key defaults to official Bushka.
    #[serde(default)]
    pub rules: RulesSpec,
    /// Evaluation weights for the computer opponent (optional).
    #[serde(default)]
    pub evaluation: EvaluationSpec,
}

/// `[variant]`: what the variant is called and where it comes from.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetaSpec {
    /// Short identifier, conventionally the file stem (`bushka-9x11`).
    pub id: String,
    /// Human name (`Bushka 9x11`).
    pub name: String,
    /// One line describing the variant.
    #[serde(default)]
    pub description: String,
    /// Where the facts come from.
    #[serde(default)]
    pub sources: Vec<String>,
    /// The PDN `GameType` number (20 International draughts, 26 Brazilian).
    #[serde(default)]
    pub pdn_gametype: Option<u32>,
}

/// Line labels: either a string of one-character labels (`"abcdefghi"`) or a list.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum LabelsSpec {
    /// Each character is one label.
    Chars(String),
    /// One label per entry.
    List(Vec<String>),
}

/// `[board]`: the cell graph.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Labels of the lettered lines, in index order (default `a`..`z`).
    #[serde(default)]
    pub letters: Option<LabelsSpec>,
    /// Labels of the numbered lines, in index order (default `1`..`9`, `0`, `11`, `12`...).
    #[serde(default)]
    pub numbers: Option<LabelsSpec>,
    /// The directions. A direction with a `vector` links every pair of cells that
    /// differ by it; a direction without one is used by explicit `links` only.
    pub directions: Vec<DirectionSpec>,
    /// A shorthand that generates cells (and a default display).
    #[serde(default)]
    pub generate: Option<GeneratorSpec>,
    /// Cells listed by name (added to generated ones).
    #[serde(default)]
    pub cells: Vec<Name>,
    /// Cells removed from the generated or listed ones.
    #[serde(default)]
    pub remove_cells: Vec<Name>,
    /// Explicit directed links (each must have its mutual link listed too).
    #[serde(default)]
    pub links: Vec<LinkSpec>,
    /// Directed links removed from the lattice (the mutual link is removed with it).
    #[serde(default)]
    pub remove_links: Vec<LinkSpec>,
    /// How the board is drawn.
    #[serde(default)]
    pub display: Option<DisplaySpec>,
    /// `"mindsports"` (cell names, the default) or `"numeric"` (PDN square numbers
    /// 1..n in reading order as White sees the board; cells keep their names as
    /// aliases in the file and in position strings).
    #[serde(default)]
    pub notation: Option<Spanned<String>>,
}

/// One `[[board.directions]]` entry.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectionSpec {
    /// Name used by `forward`, `links` and error messages.
    pub name: Name,
    /// Step over the (letter index, number index) lattice.
    #[serde(default, deserialize_with = "opt_pair")]
    pub vector: Option<[i32; 2]>,
    /// The opposite direction's name; derived from the vector when omitted.
    #[serde(default)]
    pub opposite: Option<Name>,
}

/// `generate = { draughts = { width = 10, height = 10 } }` or `{ hexagon = { side = 5 } }`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum GeneratorSpec {
    /// The dark cells of a `width` x `height` draughts board, bottom-left dark.
    Draughts {
        /// Squares per row.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// A hexagon of hexagonal cells with `side` cells on each edge.
    Hexagon {
        /// Cells per edge.
        side: u32,
    },
}

/// One directed link.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkSpec {
    /// Cell the link leaves.
    pub from: Name,
    /// Cell the link reaches.
    pub to: Name,
    /// Direction of the step.
    pub direction: Name,
}

/// `[board.display]`: screen coordinates (x right, y up) of each cell.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisplaySpec {
    /// Screen step for letter index + 1.
    #[serde(default, deserialize_with = "opt_pair")]
    pub letter: Option<[i32; 2]>,
    /// Screen step for number index + 1.
    #[serde(default, deserialize_with = "opt_pair")]
    pub number: Option<[i32; 2]>,
    /// Explicit coordinates for single cells (override the derived ones).
    #[serde(default, deserialize_with = "pair_map")]
    pub cells: BTreeMap<String, Spanned<[i32; 2]>>,
}

/// `[players]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersSpec {
    /// White, who moves first.
    pub white: PlayerSpec,
    /// Black.
    pub black: PlayerSpec,
}

/// `[players.white]` or `[players.black]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    /// Directions in which men move.
    pub forward: Vec<Name>,
    /// Cells on which a man of this player promotes.
    pub promotion: Spanned<Vec<Name>>,
    /// Men at the start.
    #[serde(default)]
    pub men: Vec<Name>,
    /// Kings at the start (authored positions).
    #[serde(default)]
    pub kings: Vec<Name>,
}

/// `[rules]`: switches read by the engine, defaulting to official Bushka.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesSpec {
    /// Capture style: `"contact"` (Bushka) or `"jump"` (draughts).
    #[serde(default = "default_capture")]
    pub capture: Spanned<String>,
    /// Fewest men that form a line of men.
    #[serde(default = "default_min_line")]
    pub min_line: Spanned<i64>,
    /// Whether the largest capture is compulsory.
    #[serde(default = "default_true")]
    pub majority: bool,
    /// `"long"` (flying kings) or `"short"` (one step).
    #[serde(default = "default_king_range")]
    pub king_range: Spanned<String>,
    /// Occurrences of a position that draw the game.
    #[serde(default = "default_repetition")]
    pub repetition: Spanned<i64>,
    /// `"all"` (men capture in every direction) or `"forward"` (forward only).
    #[serde(default = "default_men_capture")]
    pub men_capture: Spanned<String>,
    /// Whether lines of men make quiet line moves.
    #[serde(default = "default_true")]
    pub line_moves: bool,
    /// Consecutive king-only plies without capture that draw; 0 switches the rule off.
    #[serde(default = "default_king_move_draw")]
    pub king_move_draw: Spanned<i64>,
}

impl Default for RulesSpec {
    fn default() -> Self {
        RulesSpec {
            capture: default_capture(),
            min_line: default_min_line(),
            majority: true,
            king_range: default_king_range(),
            repetition: default_repetition(),
            men_capture: default_men_capture(),
            line_moves: true,
            king_move_draw: default_king_move_draw(),
        }
    }
}

/// `[evaluation]`: material values used by the computer opponent.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvaluationSpec {
    /// Value of a man, in centi-men.
    #[serde(default = "default_man_value")]
    pub man: Spanned<i64>,
    /// Value of a king, in centi-men.
    #[serde(default = "default_king_value")]
    pub king: Spanned<i64>,
}

impl Default for EvaluationSpec {
    fn default() -> Self {
        EvaluationSpec {
            man: default_man_value(),
            king: default_king_value(),
        }
    }
}

fn unspanned<T>(value: T) -> Spanned<T> {
    Spanned::new(0..0, value)
}
fn default_capture() -> Spanned<String> {
    unspanned("contact".to_string())
}
fn default_min_line() -> Spanned<i64> {
    unspanned(2)
}
fn default_true() -> bool {
    true
}
fn default_king_range() -> Spanned<String> {
    unspanned("long".to_string())
}
fn default_repetition() -> Spanned<i64> {
    unspanned(3)
}
fn default_men_capture() -> Spanned<String> {
    unspanned("all".to_string())
}
fn default_king_move_draw() -> Spanned<i64> {
    unspanned(0)
}
fn default_man_value() -> Spanned<i64> {
    unspanned(100)
}
fn default_king_value() -> Spanned<i64> {
    unspanned(300)
}

/// Exactly two numbers. Read as a list and checked: serde reads `[i32; 2]` from a
/// longer TOML array by silently dropping the rest, and a typo is never ignored.
fn pair<E: serde::de::Error>(v: &[i32]) -> Result<[i32; 2], E> {
    <[i32; 2]>::try_from(v).map_err(|_| E::invalid_length(v.len(), &"an array of length 2"))
}
fn opt_pair<'de, D: Deserializer<'de>>(d: D) -> Result<Option<[i32; 2]>, D::Error> {
    pair(&Vec::<i32>::deserialize(d)?).map(Some)
}
fn pair_map<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, Spanned<[i32; 2]>>, D::Error> {
    BTreeMap::<String, Spanned<Vec<i32>>>::deserialize(d)?
        .into_iter()
        .map(|(k, v)| Ok((k, Spanned::new(v.span(), pair::<D::Error>(v.get_ref())?))))
        .collect()
}
