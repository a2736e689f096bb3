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
    pub generate: Option<Spanned<GeneratorSpec>>,
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
    /// `"mindsports"` (cell names, the default), `"numeric"` (PDN square numbers 1..n
    /// along the rows from the corner `square_one`; cells keep their names as aliases
    /// in the file and in position strings) or `"algebraic"` (cell names, moves written
    /// from-to: `a3-a4`, `a4xa6`).
    #[serde(default)]
    pub notation: Option<Spanned<String>>,
    /// With numeric notation, the corner of square 1 as White sees the board:
    /// `"top-left"` (the default: reading order), `"top-right"`, `"bottom-left"` or
    /// `"bottom-right"`. Squares are numbered along the rows, the corner's row first,
    /// each row from the corner's side.
    #[serde(default)]
    pub square_one: Option<Spanned<String>>,
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

/// `generate = { draughts = { width = 10, height = 10 } }`, `{ square = { width = 8,
/// height = 8 } }` or `{ hexagon = { side = 5 } }`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum GeneratorSpec {
    /// The dark cells of a `width` x `height` draughts board.
    Draughts {
        /// Squares per row.
        width: u32,
        /// Rows.
        height: u32,
        /// The colour of the bottom-left square: `"dark"` (the default; International
        /// draughts) or `"light"` (the turned board of Italian and Spanish draughts).
        #[serde(default)]
        bottom_left: CornerColour,
    },
    /// Every square of a `width` x `height` board (Turkish draughts): lettered lines are
    /// the files, left to right, numbered lines the ranks, bottom to top.
    Square {
        /// Squares per row.
        width: u32,
        /// Rows.
        height: u32,
        /// Where directions whose vector is diagonal (both steps non-zero) link:
        /// `"all"` (the default: every pair of cells that differ by the vector) or
        /// `"alternating"` (only between strong points, letter + number index even, as
        /// on a Fanorona or Alquerque board).
        #[serde(default)]
        diagonals: Diagonals,
    },
    /// A hexagon of hexagonal cells with `side` cells on each edge.
    Hexagon {
        /// Cells per edge.
        side: u32,
    },
}

/// Which cells of a square board the diagonal directions link.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Diagonals {
    /// Every cell.
    #[default]
    All,
    /// Only the strong points (letter index + number index even): the corner a1 and
    /// every second point, so that each weak point has only its orthogonal lines.
    Alternating,
}

/// The colour of a draughts board's bottom-left square; the dark squares are the cells.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CornerColour {
    /// Bottom-left square dark (playable).
    #[default]
    Dark,
    /// Bottom-left square light (not playable).
    Light,
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
    /// The colour that moves first: `"white"` (the default) or `"black"` (Checkers).
    #[serde(default)]
    pub first: Option<Spanned<String>>,
    /// White, drawn at the bottom.
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
    /// Men at the start: listed cells, or the rows nearest the player.
    #[serde(default)]
    pub men: MenSpec,
    /// Kings at the start (authored positions).
    #[serde(default)]
    pub kings: Vec<Name>,
}

/// The men at the start: `men = ["e1", "f2"]` or `men = { rows = 3 }`.
///
/// Rows count from the player's own back rank (the cells where the opponent's men
/// promote), row 1 being the back rank itself and row k + 1 the cells one forward step
/// (in one of the player's forward directions) beyond row k, so `rows` means "the N
/// rows nearest the player" however the board is drawn.
#[derive(Debug, Clone)]
pub enum MenSpec {
    /// Listed cells.
    Cells(Vec<Name>),
    /// The first N rows.
    Rows(Spanned<i64>),
}

impl Default for MenSpec {
    fn default() -> Self {
        MenSpec::Cells(Vec::new())
    }
}

impl<'de> Deserialize<'de> for MenSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MenSpec, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = MenSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of cells or { rows = N }")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<MenSpec, A::Error> {
                let mut cells = Vec::new();
                while let Some(name) = seq.next_element::<Name>()? {
                    cells.push(name);
                }
                Ok(MenSpec::Cells(cells))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<MenSpec, A::Error> {
                let mut rows = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key != "rows" {
                        return Err(serde::de::Error::unknown_field(&key, &["rows"]));
                    }
                    rows = Some(map.next_value::<Spanned<i64>>()?);
                }
                rows.map(MenSpec::Rows)
                    .ok_or_else(|| serde::de::Error::missing_field("rows"))
            }
        }
        d.deserialize_any(Visitor)
    }
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
    /// Whether the largest capture is compulsory: `true` is `precedence =
    /// ["most-pieces"]`, `false` is `precedence = []` (give one of the two keys).
    #[serde(default)]
    pub majority: Option<Spanned<bool>>,
    /// Which captures are legal when several exist: criteria in order (`most-pieces`,
    /// `most-value`, `with-king`, `most-kings`, `earliest-king`); `[]` leaves the
    /// choice free. Default `["most-pieces"]`.
    #[serde(default)]
    pub precedence: Option<Spanned<Vec<Spanned<String>>>>,
    /// `"long"` (flying kings) or `"short"` (one step).
    #[serde(default = "default_king_range")]
    pub king_range: Spanned<String>,
    /// Occurrences of a position that draw the game.
    #[serde(default = "default_repetition")]
    pub repetition: Spanned<i64>,
    /// `"all"` (men capture in every direction), `"forward"` (their forward
    /// directions) or a list of direction names.
    #[serde(default)]
    pub men_capture: Option<Spanned<DirectionsSpec>>,
    /// Whether lines of men make quiet line moves.
    #[serde(default = "default_true")]
    pub line_moves: bool,
    /// Consecutive king-only plies without capture that draw; 0 switches the rule off.
    #[serde(default = "default_king_move_draw")]
    pub king_move_draw: Spanned<i64>,
    /// `"end-of-move"` (captured pieces block until the move ends) or `"immediate"`.
    #[serde(default)]
    pub removal: Option<Spanned<String>>,
    /// Where a long king lands after a jump: `"any"` cell beyond, `"next"` (directly
    /// beyond) or `"next-after-king"` (directly beyond a king taken last).
    #[serde(default)]
    pub king_landing: Option<Spanned<String>>,
    /// Whether a capturing piece may turn straight back between two captures.
    #[serde(default)]
    pub capture_turn_back: Option<Spanned<bool>>,
    /// Whether men may capture kings.
    #[serde(default)]
    pub men_capture_kings: Option<Spanned<bool>>,
    /// Directions of kings' quiet moves (default: every direction).
    #[serde(default)]
    pub king_moves: Option<Spanned<Vec<Name>>>,
    /// Directions of kings' captures (default: every direction).
    #[serde(default)]
    pub king_captures: Option<Spanned<Vec<Name>>>,
    /// A man reaching its promotion zone mid-capture: `"continue-as-man"`,
    /// `"continue-as-king"` or `"end-move"`.
    #[serde(default)]
    pub promotion_during_capture: Option<Spanned<String>>,
    /// `"no-moves-loses"`, `"no-moves-wins"` or `"first-king-wins"`.
    #[serde(default)]
    pub goal: Option<Spanned<String>>,
    /// Whether men promote (default `true`); with `false` (Fanorona) there are no
    /// kings and both players' promotion lists are empty.
    #[serde(default)]
    pub promotion: Option<Spanned<bool>>,
    /// The most non-capturing moves the same king may make in a row while its side also
    /// has men; 0 (the default) for no limit.
    #[serde(default)]
    pub max_same_king_moves: Option<Spanned<i64>>,
    /// Endgames drawn by a move count: a lone king against at most `pieces` pieces,
    /// one of them a king, draws after `plies` plies (International draughts: 3 pieces
    /// in 32 plies, 2 in 10).
    #[serde(default)]
    pub lone_king_draw: Option<Spanned<Vec<LoneKingDrawSpec>>>,
}

/// One entry of `lone_king_draw`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoneKingDrawSpec {
    /// The most pieces, one of them a king, against the lone king.
    pub pieces: Spanned<i64>,
    /// Plies after which such an endgame is drawn.
    pub plies: Spanned<i64>,
}

/// A set of directions written as a word (`"all"`, `"forward"`) or a list of names.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum DirectionsSpec {
    /// A word.
    Word(String),
    /// Direction names.
    Names(Vec<String>),
}

impl Default for RulesSpec {
    fn default() -> Self {
        RulesSpec {
            capture: default_capture(),
            min_line: default_min_line(),
            majority: None,
            precedence: None,
            king_range: default_king_range(),
            repetition: default_repetition(),
            men_capture: None,
            line_moves: true,
            king_move_draw: default_king_move_draw(),
            removal: None,
            king_landing: None,
            capture_turn_back: None,
            men_capture_kings: None,
            king_moves: None,
            king_captures: None,
            promotion_during_capture: None,
            goal: None,
            promotion: None,
            max_same_king_moves: None,
            lone_king_draw: None,
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
    /// A learned evaluation's weights file (written by `bushka train`), relative to
    /// the variant file.
    #[serde(default)]
    pub weights: Option<Spanned<String>>,
}

impl Default for EvaluationSpec {
    fn default() -> Self {
        EvaluationSpec {
            man: default_man_value(),
            king: default_king_value(),
            weights: None,
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
