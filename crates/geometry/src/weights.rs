//! A learned evaluation's weights file (`[evaluation] weights`, written by `bushka
//! train`) and the layout of its features (found from the board alone, in
//! `feature_layout.rs`).
//!
//! The features are read from White's view, Black's through the colour-swapping
//! symmetry ([`crate::Geometry::mirror`]) when the board has one (a Black man on `c` counts
//! as a White man on the mirror of `c`, with the opposite sign), else on cells of its
//! own. Blocks, in file order:
//! - `material`: men, kings;
//! - `terms`: the named scalar terms of [`TERMS`];
//! - `man_cells`, `king_cells`: one weight per class of cells for a man, a king there
//!   (cells that a symmetry keeping the men's forward directions and zone exchanges,
//!   such as Hexbushka's left-right reflection, form a class; see
//!   [`crate::Geometry::cell_classes`]);
//! - `front`: per rank of a man (forward steps made, see [`FeatureLayout::rank`]), the
//!   contents of the cells one step ahead of it along its forward directions (each off
//!   the board, empty, own man, own king, opposing man or opposing king);
//! - `back`: the same per rank for the cells one step behind it (each off the board,
//!   empty, own piece or opposing piece).

use serde::{Deserialize, Serialize};

use crate::colour::ByColour;
use crate::error::{ErrorKind, VariantError};
use crate::index::Dir;

/// The scalar terms, in the file's order.
pub const TERMS: [&str; 9] = [
    "advancement",
    "mobility",
    "line_pairs",
    "near_promotion",
    "king_sight",
    "runaway",
    "balance",
    "crown_now",
    "tempo",
];

/// The states a cell ahead of a man can be in (off the board, empty, own man, own
/// king, opposing man, opposing king).
pub const FRONT_STATES: usize = 6;

/// The states a cell behind a man can be in (off the board, empty, own, opposing).
pub const BACK_STATES: usize = 4;

/// At most this many forward directions are read by the patterns (the rest are left
/// out), so that a pattern block stays small.
pub const MAX_SLOTS: usize = 3;

/// Where each feature of a board lives in the weights vector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatureLayout {
    /// Entries in a per-cell block: the classes of cells that the men's symmetries
    /// exchange (each cell its own class on a board without such symmetries), twice
    /// over without a mirror.
    pub cells: usize,
    /// Forward directions the patterns read.
    pub slots: usize,
    /// Ranks (forward steps a man can have made, plus one).
    pub ranks: usize,
    /// Per colour, each cell's index in a per-cell block (its class).
    pub cell_index: ByColour<Vec<u32>>,
    /// Per colour, each cell's rank: how many forward steps a man there has made
    /// toward its zone (0 for cells from which the zone is out of reach).
    pub rank: ByColour<Vec<u8>>,
    /// Per colour, the directions of the pattern slots ahead of a man (White's
    /// forward directions, and their images for Black under the mirror).
    pub front: ByColour<Vec<Dir>>,
}

impl FeatureLayout {
    /// The blocks' names and lengths, in file order.
    pub fn blocks(&self) -> [(&'static str, usize); 6] {
        [
            ("material", 2),
            ("terms", TERMS.len()),
            ("man_cells", self.cells),
            ("king_cells", self.cells),
            ("front", self.ranks * FRONT_STATES.pow(self.slots as u32)),
            ("back", self.ranks * BACK_STATES.pow(self.slots as u32)),
        ]
    }

    /// Where block `name` starts.
    pub fn offset(&self, name: &str) -> usize {
        self.blocks()
            .iter()
            .take_while(|(n, _)| *n != name)
            .map(|(_, len)| len)
            .sum()
    }

    /// Every weight.
    pub fn len(&self) -> usize {
        self.blocks().iter().map(|(_, len)| len).sum()
    }

    /// Whether there are no weights (never: material is always there).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How a weights file was made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trained {
    /// The variant's id.
    pub variant: String,
    /// The command that wrote it.
    pub command: String,
    /// The seed of its self-play.
    pub seed: u64,
    /// Self-play games played.
    pub games: u64,
    /// Positions fitted.
    pub positions: u64,
    /// The fit's mean logistic loss on positions held out of the fit.
    pub loss: f64,
}

/// A learned evaluation: its weights in logits (log-odds of White's result) and the
/// scale that turns them into centi-men.
#[derive(Debug, Clone, PartialEq)]
pub struct EvalWeights {
    /// How it was made.
    pub trained: Trained,
    /// Centi-men per logit.
    pub scale: f64,
    /// Every weight, in [`FeatureLayout`] order.
    pub weights: Vec<f64>,
    /// Where it came from, for messages.
    pub origin: String,
}

/// The file's shape.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WeightsFile {
    trained: Trained,
    layout: LayoutSpec,
    weights: BlocksSpec,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutSpec {
    cells: usize,
    slots: usize,
    ranks: usize,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BlocksSpec {
    scale: f64,
    material: Vec<f64>,
    terms: Vec<f64>,
    man_cells: Vec<f64>,
    king_cells: Vec<f64>,
    front: Vec<f64>,
    back: Vec<f64>,
}

impl EvalWeights {
    /// Parses a weights file for a board of `layout`; `origin` names it in errors.
    pub fn parse(
        text: &str,
        origin: &str,
        layout: &FeatureLayout,
    ) -> Result<EvalWeights, VariantError> {
        let err = |kind| VariantError {
            origin: origin.to_string(),
            location: None,
            kind: Box::new(kind),
        };
        let file: WeightsFile = toml::from_str(text).map_err(|e| {
            let location = e
                .span()
                .and_then(|span| crate::error::Location::of_span(text, &span));
            VariantError {
                origin: origin.to_string(),
                location,
                kind: Box::new(ErrorKind::BadValue {
                    key: "weights file".into(),
                    why: e.message().to_string(),
                }),
            }
        })?;
        let written = (file.layout.cells, file.layout.slots, file.layout.ranks);
        let expected = (layout.cells, layout.slots, layout.ranks);
        if written != expected {
            return Err(err(ErrorKind::BadValue {
                key: "layout".into(),
                why: format!(
                    "the file is for {} cell classes, {} slots and {} ranks; this board has {}, {} and {} (train it again with `bushka train`, or remove `weights` for the hand-written evaluation)",
                    written.0, written.1, written.2, expected.0, expected.1, expected.2
                ),
            }));
        }
        let b = file.weights;
        let mut weights = Vec::with_capacity(layout.len());
        let given = [
            &b.material,
            &b.terms,
            &b.man_cells,
            &b.king_cells,
            &b.front,
            &b.back,
        ];
        for ((name, len), values) in layout.blocks().into_iter().zip(given) {
            if values.len() != len {
                return Err(err(ErrorKind::BadValue {
                    key: format!("weights.{name}"),
                    why: format!("expected {len} numbers, found {}", values.len()),
                }));
            }
            if let Some(bad) = values.iter().find(|v| !v.is_finite()) {
                return Err(err(ErrorKind::BadValue {
                    key: format!("weights.{name}"),
                    why: format!("{bad} is not a finite number"),
                }));
            }
            weights.extend_from_slice(values);
        }
        if !(b.scale.is_finite() && b.scale > 0.0) {
            return Err(err(ErrorKind::BadValue {
                key: "weights.scale".into(),
                why: format!("{} is not a positive number", b.scale),
            }));
        }
        Ok(EvalWeights {
            trained: file.trained,
            scale: b.scale,
            weights,
            origin: origin.to_string(),
        })
    }

    /// The file's text for a board of `layout` (whose length the weights have).
    pub fn to_toml(&self, layout: &FeatureLayout) -> Result<String, toml::ser::Error> {
        let block = |name: &str| {
            let start = layout.offset(name);
            let len = layout
                .blocks()
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(0, |(_, len)| *len);
            self.weights[start..start + len]
                .iter()
                .map(|w| (w * 1e6).round() / 1e6)
                .collect()
        };
        let file = WeightsFile {
            trained: self.trained.clone(),
            layout: LayoutSpec {
                cells: layout.cells,
                slots: layout.slots,
                ranks: layout.ranks,
            },
            weights: BlocksSpec {
                scale: self.scale,
                material: block("material"),
                terms: block("terms"),
                man_cells: block("man_cells"),
                king_cells: block("king_cells"),
                front: block("front"),
                back: block("back"),
            },
        };
        let body = toml::to_string(&file)?;
        Ok(format!(
            "# A learned evaluation for `{}`, written by `bushka train` (crates/geometry/src/weights.rs\n# describes the blocks). terms: {}.\n\n{body}",
            self.trained.variant,
            TERMS.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::Colour;

    fn layout(name: &str) -> FeatureLayout {
        let geometry = crate::builtin(name).expect("built-in").expect("loads");
        FeatureLayout::of(&geometry)
    }

    fn sample(layout: &FeatureLayout) -> EvalWeights {
        EvalWeights {
            trained: Trained {
                variant: "draughts".into(),
                command: "bushka train --variant draughts".into(),
                seed: 3,
                games: 10,
                positions: 500,
                loss: 0.5,
            },
            scale: 100.0,
            weights: (0..layout.len()).map(|i| (i as f64 * 0.37).sin()).collect(),
            origin: "w.toml".into(),
        }
    }

    #[test]
    fn layouts_are_read_from_the_board() {
        // International: 50 cells shared through the mirror, two forward directions,
        // men advance 0 to 9 steps.
        let draughts = layout("draughts");
        assert_eq!(
            (draughts.cells, draughts.slots, draughts.ranks),
            (50, 2, 10)
        );
        assert_eq!(draughts.len(), 2 + 9 + 50 + 50 + 10 * 36 + 10 * 16);
        // White's back rank is rank 0, the row before its zone rank 8; a Black man on
        // the mirror cell has the same rank.
        let geometry = crate::builtin("draughts")
            .expect("built-in")
            .expect("loads");
        let mirror = geometry.mirror().expect("a mirror");
        for c in geometry.cells() {
            assert_eq!(
                draughts.rank[Colour::White][c.index()],
                draughts.rank[Colour::Black][mirror[c.index()].index()]
            );
        }
        // Hexbushka's men have three forward directions, and its 61 cells form 35
        // classes under the reflection that keeps the men.
        let hexbushka = layout("hexbushka");
        assert_eq!((hexbushka.slots, hexbushka.cells), (3, 35));
    }

    #[test]
    fn the_built_in_variants_load_the_weights_they_ship() {
        let mut shipped = 0;
        for b in crate::BUILTIN {
            let geometry = crate::builtin(b.name).expect("built-in").expect("loads");
            // A variant names a weights file exactly when it ships one.
            assert_eq!(
                geometry.weights().is_some(),
                b.weights.is_some(),
                "{}",
                b.name
            );
            let Some(weights) = geometry.weights() else {
                continue;
            };
            shipped += 1;
            assert_eq!(weights.trained.variant, b.name);
            assert!(
                weights
                    .trained
                    .command
                    .starts_with("bushka train --variant "),
                "{}",
                b.name
            );
            assert_eq!(weights.weights.len(), FeatureLayout::of(&geometry).len());
        }
        // All but Hexbushka-4, whose trained weights did not beat the hand-written
        // evaluation (README, "The built-ins' learned evaluations").
        assert_eq!(shipped, crate::BUILTIN.len() - 1);
    }

    #[test]
    fn a_weights_file_reads_back_as_written() {
        let layout = layout("draughts");
        let written = sample(&layout);
        let text = written.to_toml(&layout).expect("writes");
        let read = EvalWeights::parse(&text, "w.toml", &layout).expect("reads");
        assert_eq!(read.trained, written.trained);
        assert_eq!(read.weights.len(), written.weights.len());
        for (a, b) in read.weights.iter().zip(&written.weights) {
            assert!((a - b).abs() < 1e-6);
        }
    }

    #[test]
    fn bad_numbers_are_refused_with_their_key() {
        let layout = layout("draughts");
        let text = sample(&layout).to_toml(&layout).expect("writes");
        for (broken, key) in [
            (
                text.replacen("scale = 100.0", "scale = -1.0", 1),
                "weights.scale",
            ),
            (
                text.replacen("material = [0.0,", "material = [nan,", 1),
                "not a finite number",
            ),
            (
                text.replacen("[trained]", "[trained]\nextra = 1", 1),
                "extra",
            ),
        ] {
            let err = EvalWeights::parse(&broken, "w.toml", &layout).expect_err("refused");
            let message = err.to_string();
            assert!(message.contains("w.toml"), "{message}");
            assert!(message.contains(key), "{key}: {message}");
        }
    }
}
