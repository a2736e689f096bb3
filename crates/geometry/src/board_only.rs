//! Loading only a variant file's board, for an author who wants to see the cell names
//! before the players' section is right (`bushka cells`, `bushka show --names`).

use serde::Deserialize;

use crate::assemble::assemble;
use crate::error::VariantError;
use crate::file::{BoardSpec, EvaluationSpec, MetaSpec, PlayerSpec, PlayersSpec, VariantFile};
use crate::geometry::Geometry;
use crate::source::{Source, parse, read};

/// The tables a board needs; every other table is not read.
#[derive(Deserialize)]
struct BoardOnly {
    #[serde(default)]
    variant: Option<toml::Table>,
    board: BoardSpec,
}

/// Loads the board of a variant file (cells, names, directions, drawing) and ignores
/// its players, rules and evaluation: the [`Geometry`] has no men, no promotion zones
/// and no forward directions, and is for drawing only.
pub fn load_board_str(text: &str, origin: &str) -> Result<Geometry, VariantError> {
    let source = Source { text, origin };
    let file: BoardOnly = parse(&source)?;
    let meta = file.variant.unwrap_or_default();
    let field = |key: &str| {
        meta.get(key)
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_string()
    };
    let nobody = || PlayerSpec {
        forward: Vec::new(),
        promotion: toml::Spanned::new(0..0, Vec::new()),
        men: Default::default(),
        kings: Vec::new(),
    };
    let whole = VariantFile {
        variant: MetaSpec {
            id: field("id"),
            name: field("name"),
            description: field("description"),
            sources: Vec::new(),
            pdn_gametype: None,
        },
        board: file.board,
        players: PlayersSpec {
            first: None,
            white: nobody(),
            black: nobody(),
        },
        rules: Default::default(),
        evaluation: EvaluationSpec::default(),
    };
    assemble(&source, &whole, false)
}

/// [`load_board_str`] on a file.
pub fn load_board_path(path: &std::path::Path) -> Result<Geometry, VariantError> {
    let (text, origin) = read(path)?;
    load_board_str(&text, &origin)
}
