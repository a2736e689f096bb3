//! From the file model to a validated [`Geometry`]: every check, with locations.
//!
//! The sections are checked by their own modules ([`crate::cells`], [`crate::links`],
//! [`crate::sides`], [`crate::rule_set`]); this one reads the text and puts them together.

use std::collections::HashMap;
use std::ops::Range;

use crate::cells::{Labels, collect_cells};
use crate::colour::{ByColour, Colour};
use crate::display::build_display;
use crate::embed::embed;
use crate::error::{ErrorKind, Location, VariantError};
use crate::file::{Name, VariantFile};
use crate::geometry::{Geometry, Meta, Side};
use crate::index::MAX_CELLS;
use crate::limits::{MAX_VARIANT_BYTES, precheck, read_text_file};
use crate::links::{build_graph, build_links, build_rays, collect_directions, find_mirror};
use crate::message::humanize;
use crate::numbering::number_cells;
use crate::rule_set::build_rules;
use crate::sides::{StartContext, back_rank, build_side};

/// Parses and validates a variant file's text; `origin` names it in errors.
pub fn load_str(text: &str, origin: &str) -> Result<Geometry, VariantError> {
    let ctx = Ctx { text, origin };
    let file: VariantFile = parse(&ctx)?;
    assemble(&ctx, &file, true)
}

/// Reads the TOML of `ctx.text` into `T`, with the reader's errors in plain words.
pub(crate) fn parse<T: serde::de::DeserializeOwned>(ctx: &Ctx) -> Result<T, VariantError> {
    let (text, origin) = (ctx.text, ctx.origin);
    precheck(text, origin)?;
    if text
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        return Err(ctx.err(None, ErrorKind::Empty));
    }
    toml::from_str(text).map_err(|e| {
        let message = humanize(e.message());
        let kind = if message.starts_with("unknown key") || message.starts_with("unknown choice") {
            ErrorKind::UnknownKey(message)
        } else if message.starts_with("missing key") {
            ErrorKind::MissingKey(message)
        } else {
            ErrorKind::Toml(message)
        };
        // Syntax errors carry an empty span at the point of failure; keep its place
        // (`Ctx::err` reads empty spans as "no place").
        VariantError {
            origin: origin.to_string(),
            location: e.span().map(|s| Location::of_offset(text, s.start)),
            kind: Box::new(kind),
        }
    })
}

/// Loads and validates a variant file from disk.
pub fn load_path(path: &std::path::Path) -> Result<Geometry, VariantError> {
    let (text, origin) = read(path)?;
    load_str(&text, &origin)
}

/// A variant file's text and its name for errors.
pub(crate) fn read(path: &std::path::Path) -> Result<(String, String), VariantError> {
    let origin = path.display().to_string();
    let text = read_text_file(path, MAX_VARIANT_BYTES as u64).map_err(|e| VariantError {
        origin: origin.clone(),
        location: None,
        kind: Box::new(ErrorKind::Io(e.to_string())),
    })?;
    Ok((text, origin))
}

/// The text being loaded and its name for errors.
pub(crate) struct Ctx<'a> {
    /// The file's text.
    pub text: &'a str,
    /// Its path or built-in name.
    pub origin: &'a str,
}

impl Ctx<'_> {
    pub(crate) fn err(&self, span: Option<&Range<usize>>, kind: ErrorKind) -> VariantError {
        VariantError {
            origin: self.origin.to_string(),
            location: span.and_then(|s| Location::of_span(self.text, s)),
            kind: Box::new(kind),
        }
    }

    pub(crate) fn at(&self, name: &Name, kind: ErrorKind) -> VariantError {
        self.err(Some(&name.span()), kind)
    }
}

/// Validates `file` into a [`Geometry`]; without `with_players`, the players' section
/// is not read and both sides are empty (a board to look at, not to play).
pub(crate) fn assemble(
    ctx: &Ctx,
    file: &VariantFile,
    with_players: bool,
) -> Result<Geometry, VariantError> {
    let labels = Labels::new(ctx, file)?;
    let dirs = collect_directions(ctx, file)?;
    let mut cells = collect_cells(ctx, file, &labels)?;
    let links = build_links(ctx, file, &cells, &dirs)?;
    let display = build_display(ctx, file, &cells)?;
    let notation = number_cells(ctx, file, &mut cells.names, &mut cells.by_name, &display)?;
    let mut claimed = HashMap::new();
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
                ctx,
                Colour::White,
                &players.white,
                &cells,
                &dirs,
                &mut claimed,
                &StartContext {
                    back_rank: back_rank(&cells, &players.black),
                    links: &links,
                },
            )?,
            build_side(
                ctx,
                Colour::Black,
                &players.black,
                &cells,
                &dirs,
                &mut claimed,
                &StartContext {
                    back_rank: back_rank(&cells, &players.white),
                    links: &links,
                },
            )?,
        )
    };
    let (rules, values) = build_rules(ctx, file)?;
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
