//! From the file model to a validated [`Geometry`]: every check, with locations.
//!
//! The text is read by [`crate::source`] and the sections are checked by their own
//! modules ([`crate::cells`], [`crate::links`], [`crate::sides`], [`crate::rule_set`]);
//! this one puts them together.

use std::collections::HashMap;
use std::path::Path;

use toml::Spanned;

use crate::builtin::BUILTIN;
use crate::cells::{Labels, collect_cells};
use crate::colour::{ByColour, Colour};
use crate::display::build_display;
use crate::embed::embed;
use crate::error::{ErrorKind, VariantError};
use crate::file::VariantFile;
use crate::geometry::{Geometry, Meta, Side};
use crate::index::MAX_CELLS;
use crate::limits::{MAX_WEIGHTS_BYTES, read_text_file};
use crate::links::{build_graph, build_links, build_rays, collect_directions, find_mirror};
use crate::numbering::number_cells;
use crate::rule_set::build_rules;
use crate::sides::{StartContext, back_rank, build_side};
use crate::source::{Source, parse, read};
use crate::weights::{EvalWeights, FeatureLayout};

/// Parses and validates a variant file's text; `origin` names it in errors. A text
/// has no folder: its `[evaluation] weights` may name only a built-in weights file.
pub fn load_str(text: &str, origin: &str) -> Result<Geometry, VariantError> {
    load_in(text, origin, None)
}

/// Loads and validates a variant file from disk (its weights file is read from the
/// file's folder).
pub fn load_path(path: &Path) -> Result<Geometry, VariantError> {
    let (text, origin) = read(path)?;
    let folder = path.parent().unwrap_or(Path::new(""));
    load_in(&text, &origin, Some(folder))
}

/// [`load_str`], the weights file named relative to `folder` when there is one.
fn load_in(text: &str, origin: &str, folder: Option<&Path>) -> Result<Geometry, VariantError> {
    let source = Source { text, origin };
    let file: VariantFile = parse(&source)?;
    let mut geometry = assemble(&source, &file, true)?;
    if let Some(name) = &file.evaluation.weights {
        let (text, weights_origin) = read_weights(&source, name, folder)?;
        let layout = FeatureLayout::of(&geometry);
        let weights = EvalWeights::parse(&text, &weights_origin, &layout)?;
        geometry.weights = Some(std::sync::Arc::new(weights));
    }
    Ok(geometry)
}

/// The text and origin of the weights file `name` names: for a file on disk, the file
/// beside it; for a text (a built-in variant's), the built-in weights of that name.
fn read_weights(
    source: &Source,
    name: &Spanned<String>,
    folder: Option<&Path>,
) -> Result<(String, String), VariantError> {
    let written = name.get_ref();
    let bad = |why: String| {
        source.err(
            Some(&name.span()),
            ErrorKind::BadValue {
                key: "evaluation.weights".into(),
                why,
            },
        )
    };
    let Some(folder) = folder else {
        return match BUILTIN
            .iter()
            .filter_map(|b| b.weights)
            .find(|&(name, _)| name == written)
        {
            Some((_, text)) => Ok((text.to_string(), format!("{written} (built-in)"))),
            None => Err(bad(format!(
                "`{written}` is not a built-in weights file, and a variant given as text has no folder to read one from"
            ))),
        };
    };
    let path = folder.join(written);
    let text = read_text_file(&path, MAX_WEIGHTS_BYTES as u64)
        .map_err(|e| {
            bad(format!(
                "cannot read `{}`: {e} (a weights file is read from beside the variant file: copy it along, or remove `weights` for the hand-written evaluation)",
                path.display()
            ))
        })?;
    Ok((text, path.display().to_string()))
}

/// Validates `file` into a [`Geometry`]; without `with_players`, the players' section
/// is not read and both sides are empty (a board to look at, not to play).
pub(crate) fn assemble(
    source: &Source,
    file: &VariantFile,
    with_players: bool,
) -> Result<Geometry, VariantError> {
    let labels = Labels::new(source, file)?;
    let dirs = collect_directions(source, file)?;
    let mut cells = collect_cells(source, file, &labels)?;
    let links = build_links(source, file, &cells, &dirs)?;
    let display = build_display(source, file, &cells)?;
    let notation = number_cells(source, file, &mut cells.names, &mut cells.by_name, &display)?;
    let mut claimed = HashMap::new();
    let promotes = file.rules.promotion.as_ref().is_none_or(|p| *p.get_ref());
    let players = &file.players;
    let empty = || Side {
        forward: Vec::new(),
        promotion: Vec::new(),
        men: Vec::new(),
        kings: Vec::new(),
    };
    let sides = if !with_players {
        ByColour::new(empty(), empty())
    } else {
        ByColour::new(
            build_side(
                source,
                Colour::White,
                &players.white,
                &cells,
                &dirs,
                &mut claimed,
                &StartContext {
                    back_rank: back_rank(&cells, &players.black),
                    links: &links,
                    promotes,
                },
            )?,
            build_side(
                source,
                Colour::Black,
                &players.black,
                &cells,
                &dirs,
                &mut claimed,
                &StartContext {
                    back_rank: back_rank(&cells, &players.white),
                    links: &links,
                    promotes,
                },
            )?,
        )
    };
    let (rules, values) = build_rules(source, file, &dirs)?;
    let n = cells.names.len();
    let lattice: Vec<(i32, i32)> = cells
        .coords
        .iter()
        .map(|&(l, m)| (l as i32, m as i32))
        .collect();
    let embedding = embed(&lattice, &links, MAX_CELLS);
    let (rays, ray_ranges) = build_rays(&links);
    let graph = build_graph(&links);
    let mirror = find_mirror(&display, &links, &dirs, &sides);
    let promotion_mask = sides.as_ref().map(|side| {
        let mut mask = vec![false; n];
        for &c in &side.promotion {
            mask[c.index()] = true;
        }
        mask
    });
    let meta = Meta {
        id: file.variant.id.clone(),
        name: file.variant.name.clone(),
        description: file.variant.description.clone(),
        sources: file.variant.sources.clone(),
        pdn_gametype: file.variant.pdn_gametype,
    };
    Ok(Geometry {
        meta,
        names: cells.names,
        by_name: cells.by_name,
        coords: cells.coords,
        letters: labels.letters,
        numbers: labels.numbers,
        directions: dirs,
        neighbours: links,
        rays,
        ray_ranges,
        display,
        sides,
        promotion_mask,
        rules,
        values,
        weights: None,
        embedding,
        graph,
        mirror,
        lattice: file.board.links.is_empty(),
        notation,
    })
}
