//! From the file model to a validated [`Geometry`]: every check, with locations.
//!
//! The text is read by [`crate::source`] and the sections are checked by their own
//! modules ([`crate::cells`], [`crate::links`], [`crate::sides`], [`crate::rule_set`]);
//! this one puts them together.

use std::collections::HashMap;

use crate::cells::{Labels, collect_cells};
use crate::colour::{ByColour, Colour};
use crate::display::build_display;
use crate::embed::embed;
use crate::error::VariantError;
use crate::file::VariantFile;
use crate::geometry::{Geometry, Meta, Side};
use crate::index::MAX_CELLS;
use crate::links::{build_graph, build_links, build_rays, collect_directions, find_mirror};
use crate::numbering::number_cells;
use crate::rule_set::build_rules;
use crate::sides::{StartContext, back_rank, build_side};
use crate::source::{Source, parse, read};

/// Parses and validates a variant file's text; `origin` names it in errors.
pub fn load_str(text: &str, origin: &str) -> Result<Geometry, VariantError> {
    let source = Source { text, origin };
    let file: VariantFile = parse(&source)?;
    assemble(&source, &file, true)
}

/// Loads and validates a variant file from disk.
pub fn load_path(path: &std::path::Path) -> Result<Geometry, VariantError> {
    let (text, origin) = read(path)?;
    load_str(&text, &origin)
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
        embedding,
        graph,
        mirror,
        lattice: file.board.links.is_empty(),
        notation,
    })
}
