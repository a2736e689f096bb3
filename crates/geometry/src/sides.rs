//! Each player's side: forward directions, promotion zone and start position.

use std::collections::HashMap;

use crate::cells::Cells;
use crate::colour::Colour;
use crate::error::{ErrorKind, VariantError};
use crate::file::{MenSpec, Name, PlayerSpec};
use crate::geometry::{Direction, Side};
use crate::index::{Cell, Dir};
use crate::links::direction_index;
use crate::neighbours::Neighbours;
use crate::rows::first_rows;
use crate::source::Source;

/// Where a side's men start and how far the rows of `men = { rows = N }` reach.
pub(crate) struct StartContext<'a> {
    /// The player's own back rank: the opponent's promotion zone.
    pub(crate) back_rank: Vec<Cell>,
    /// The board's links.
    pub(crate) links: &'a Neighbours,
    /// Whether men promote (`rules.promotion`): the promotion list is then not empty,
    /// else it is.
    pub(crate) promotes: bool,
}

/// The cells of the opponent's promotion zone that exist (unknown names are reported
/// when that side is built).
pub(crate) fn back_rank(cells: &Cells, opponent: &PlayerSpec) -> Vec<Cell> {
    opponent
        .promotion
        .get_ref()
        .iter()
        .filter_map(|name| cells.by_name.get(name.get_ref()).copied())
        .collect()
}

/// The listed men, or the cells of the first rows (named, with the span of `rows`).
fn men_names(
    source: &Source,
    colour: Colour,
    spec: &PlayerSpec,
    cells: &Cells,
    forward: &[Dir],
    start: &StartContext,
) -> Result<Vec<Name>, VariantError> {
    match &spec.men {
        MenSpec::Cells(names) => Ok(names.clone()),
        MenSpec::Rows(rows) => {
            let n = *rows.get_ref();
            if !(1..=64).contains(&n) {
                return Err(source.err(
                    Some(&rows.span()),
                    ErrorKind::BadValue {
                        key: format!("players.{}.men.rows", colour.name().to_lowercase()),
                        why: "expected 1 to 64 rows".into(),
                    },
                ));
            }
            Ok(
                first_rows(&start.back_rank, forward, start.links, n as usize)
                    .into_iter()
                    .map(|c| Name::new(rows.span(), cells.names[c.index()].clone()))
                    .collect(),
            )
        }
    }
}

/// One player's side: forward directions, promotion zone, men and kings, each cell
/// claimed once across both sides (`claimed`).
pub(crate) fn build_side(
    source: &Source,
    colour: Colour,
    spec: &PlayerSpec,
    cells: &Cells,
    dirs: &[Direction],
    claimed: &mut HashMap<Cell, ()>,
    start: &StartContext,
) -> Result<Side, VariantError> {
    let key = |k: &str| format!("players.{}.{k}", colour.name().to_lowercase());
    let mut forward = Vec::new();
    for name in &spec.forward {
        let d = direction_index(source, dirs, &key("forward"), name)?;
        if !forward.contains(&d) {
            forward.push(d);
        }
    }
    if forward.is_empty() {
        return Err(source.err(None, ErrorKind::NoForward(colour.name().into())));
    }
    let mut promotion = Vec::new();
    for name in spec.promotion.get_ref() {
        promotion.push(cells.lookup(source, &key("promotion"), name)?);
    }
    if promotion.is_empty() && start.promotes {
        return Err(source.err(
            Some(&spec.promotion.span()),
            ErrorKind::EmptyPromotion(colour.name().into()),
        ));
    }
    if !promotion.is_empty() && !start.promotes {
        return Err(source.err(
            Some(&spec.promotion.span()),
            ErrorKind::BadValue {
                key: key("promotion"),
                why: "with rules.promotion = false men never promote: list no cells".into(),
            },
        ));
    }
    promotion.sort_unstable();
    promotion.dedup();
    let mut place = |names: &[Name], what: &str, is_man: bool| -> Result<Vec<Cell>, VariantError> {
        let mut out = Vec::new();
        for name in names {
            let cell = cells.lookup(source, &key(what), name)?;
            if claimed.insert(cell, ()).is_some() {
                return Err(source.at(name, ErrorKind::StartClaimedTwice(name.get_ref().clone())));
            }
            if is_man && promotion.contains(&cell) {
                return Err(source.at(
                    name,
                    ErrorKind::ManOnPromotion {
                        player: colour.name().into(),
                        cell: name.get_ref().clone(),
                    },
                ));
            }
            out.push(cell);
        }
        out.sort_unstable();
        Ok(out)
    };
    let men = place(
        &men_names(source, colour, spec, cells, &forward, start)?,
        "men",
        true,
    )?;
    let kings = place(&spec.kings, "kings", false)?;
    Ok(Side {
        forward,
        promotion,
        men,
        kings,
    })
}
