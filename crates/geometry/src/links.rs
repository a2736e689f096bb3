//! Directions and links: the board's edges, its rays, its graph and its mirror.

use std::collections::HashMap;

use petgraph::graph::DiGraph;

use crate::assemble::Ctx;
use crate::cells::Cells;
use crate::colour::ByColour;
use crate::display::{coordinate_range_text, within_coordinate_range};
use crate::error::{ErrorKind, VariantError};
use crate::file::{LinkSpec, Name, VariantFile};
use crate::geometry::{Cell, Dir, Direction, MAX_DIRS, Side};

/// The directions of `[board]`, each with its opposite, checked to pair up.
pub(crate) fn collect_directions(
    ctx: &Ctx,
    file: &VariantFile,
) -> Result<Vec<Direction>, VariantError> {
    let specs = &file.board.directions;
    if specs.len() > MAX_DIRS {
        return Err(ctx.err(
            None,
            ErrorKind::BadValue {
                key: "board.directions".into(),
                why: format!("at most {MAX_DIRS} directions are supported"),
            },
        ));
    }
    let mut index: HashMap<&str, Dir> = HashMap::new();
    for (i, spec) in specs.iter().enumerate() {
        if index.insert(spec.name.get_ref(), i).is_some() {
            return Err(ctx.at(
                &spec.name,
                ErrorKind::DuplicateDirection(spec.name.get_ref().clone()),
            ));
        }
        if spec.vector == Some([0, 0]) {
            return Err(ctx.at(
                &spec.name,
                ErrorKind::ZeroVector(spec.name.get_ref().clone()),
            ));
        }
        if let Some(v) = spec.vector
            && !within_coordinate_range(v)
        {
            return Err(ctx.at(
                &spec.name,
                ErrorKind::BadValue {
                    key: format!("board.directions.vector of `{}`", spec.name.get_ref()),
                    why: coordinate_range_text(),
                },
            ));
        }
    }
    let mut dirs = Vec::with_capacity(specs.len());
    for spec in specs {
        let name = spec.name.get_ref();
        let opposite = match &spec.opposite {
            Some(opp) => *index.get(opp.get_ref().as_str()).ok_or_else(|| {
                ctx.at(
                    opp,
                    ErrorKind::UnknownDirection {
                        key: "board.directions.opposite".into(),
                        direction: opp.get_ref().clone(),
                    },
                )
            })?,
            None => {
                let negated = spec.vector.map(|[a, b]| [-a, -b]);
                specs
                    .iter()
                    .position(|s| negated.is_some() && s.vector == negated)
                    .ok_or_else(|| ctx.at(&spec.name, ErrorKind::NoOpposite(name.clone())))?
            }
        };
        if specs[opposite].name.get_ref() == name {
            return Err(ctx.at(&spec.name, ErrorKind::NoOpposite(name.clone())));
        }
        dirs.push(Direction {
            name: name.clone(),
            vector: spec.vector.map(|[a, b]| (a, b)),
            opposite,
        });
    }
    for (i, d) in dirs.iter().enumerate() {
        let back = &dirs[d.opposite];
        let vectors_clash =
            matches!((d.vector, back.vector), (Some(a), Some(b)) if a != (-b.0, -b.1));
        if back.opposite != i || vectors_clash {
            return Err(ctx.at(
                &specs[i].name,
                ErrorKind::OppositeMismatch {
                    direction: d.name.clone(),
                    opposite: back.name.clone(),
                },
            ));
        }
    }
    Ok(dirs)
}

/// The index of the direction `name`, or an error naming `key`.
pub(crate) fn direction_index(
    ctx: &Ctx,
    dirs: &[Direction],
    key: &str,
    name: &Name,
) -> Result<Dir, VariantError> {
    dirs.iter()
        .position(|d| &d.name == name.get_ref())
        .ok_or_else(|| {
            ctx.at(
                name,
                ErrorKind::UnknownDirection {
                    key: key.to_string(),
                    direction: name.get_ref().clone(),
                },
            )
        })
}

fn resolve_link(
    ctx: &Ctx,
    cells: &Cells,
    dirs: &[Direction],
    key: &str,
    link: &LinkSpec,
) -> Result<(Cell, Cell, Dir), VariantError> {
    Ok((
        cells.lookup(ctx, key, &link.from)?,
        cells.lookup(ctx, key, &link.to)?,
        direction_index(ctx, dirs, key, &link.direction)?,
    ))
}

/// Every cell's neighbour in every direction (`links[cell * directions + d]`):
/// lattice vectors first, then removed and explicit links, checked to be mutual.
pub(crate) fn build_links(
    ctx: &Ctx,
    file: &VariantFile,
    cells: &Cells,
    dirs: &[Direction],
) -> Result<Vec<Option<Cell>>, VariantError> {
    let nd = dirs.len();
    let mut links: Vec<Option<Cell>> = vec![None; cells.names.len() * nd];
    let by_coord: HashMap<(usize, usize), Cell> = cells
        .coords
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, i))
        .collect();
    for (cell, &(l, n)) in cells.coords.iter().enumerate() {
        for (d, dir) in dirs.iter().enumerate() {
            if let Some((dl, dn)) = dir.vector {
                let to = (l as i64 + dl as i64, n as i64 + dn as i64);
                if to.0 >= 0 && to.1 >= 0 {
                    links[cell * nd + d] = by_coord.get(&(to.0 as usize, to.1 as usize)).copied();
                }
            }
        }
    }
    for link in &file.board.remove_links {
        let (from, to, d) = resolve_link(ctx, cells, dirs, "board.remove_links", link)?;
        if links[from * nd + d] != Some(to) {
            return Err(ctx.at(
                &link.from,
                ErrorKind::NoSuchLink {
                    from: cells.names[from].clone(),
                    to: cells.names[to].clone(),
                    direction: dirs[d].name.clone(),
                },
            ));
        }
        links[from * nd + d] = None;
        let back = to * nd + dirs[d].opposite;
        if links[back] == Some(from) {
            links[back] = None;
        }
    }
    let mut explicit = Vec::new();
    for link in &file.board.links {
        let (from, to, d) = resolve_link(ctx, cells, dirs, "board.links", link)?;
        match links[from * nd + d] {
            Some(existing) if existing != to => {
                return Err(ctx.at(
                    &link.from,
                    ErrorKind::ConflictingLink {
                        cell: cells.names[from].clone(),
                        direction: dirs[d].name.clone(),
                        first: cells.names[existing].clone(),
                        second: cells.names[to].clone(),
                    },
                ));
            }
            _ => links[from * nd + d] = Some(to),
        }
        explicit.push((from, d, &link.from));
    }
    for (from, d, span) in explicit {
        if let Some(to) = links[from * nd + d] {
            let opp = dirs[d].opposite;
            if links[to * nd + opp] != Some(from) {
                return Err(ctx.at(
                    span,
                    ErrorKind::LinkNotMutual {
                        from: cells.names[from].clone(),
                        to: cells.names[to].clone(),
                        direction: dirs[d].name.clone(),
                        opposite: dirs[opp].name.clone(),
                    },
                ));
            }
        }
    }
    // Lattice links too: a direction with a vector whose declared opposite has none
    // makes one-way links, and a one-way link can send a ray round a loop that never
    // comes home (build_rays would not end).
    for from in 0..cells.names.len() {
        for (d, dir) in dirs.iter().enumerate() {
            let Some(to) = links[from * nd + d] else {
                continue;
            };
            if links[to * nd + dir.opposite] != Some(from) {
                return Err(ctx.at(
                    &file.board.directions[d].name,
                    ErrorKind::LinkNotMutual {
                        from: cells.names[from].clone(),
                        to: cells.names[to].clone(),
                        direction: dir.name.clone(),
                        opposite: dirs[dir.opposite].name.clone(),
                    },
                ));
            }
        }
    }
    Ok(links)
}

/// The ray from every cell in every direction, flattened, with each ray's range.
pub(crate) fn build_rays(
    links: &[Option<Cell>],
    n: usize,
    nd: usize,
) -> (Vec<Cell>, Vec<(u32, u32)>) {
    let mut rays = Vec::new();
    let mut ranges = Vec::with_capacity(n * nd);
    for cell in 0..n {
        for d in 0..nd {
            let start = rays.len() as u32;
            let mut at = cell;
            while let Some(next) = links[at * nd + d] {
                if next == cell {
                    break; // a ring: stop before coming home
                }
                rays.push(next);
                at = next;
            }
            ranges.push((start, rays.len() as u32));
        }
    }
    (rays, ranges)
}

/// The board as a `petgraph` graph whose edges carry their direction.
pub(crate) fn build_graph(links: &[Option<Cell>], n: usize, nd: usize) -> DiGraph<Cell, Dir> {
    let mut graph = DiGraph::with_capacity(n, links.len());
    let nodes: Vec<_> = (0..n).map(|c| graph.add_node(c)).collect();
    for cell in 0..n {
        for d in 0..nd {
            if let Some(to) = links[cell * nd + d] {
                graph.add_edge(nodes[cell], nodes[to], d);
            }
        }
    }
    graph
}

/// The point reflection of the drawing, if it swaps the players' roles exactly.
pub(crate) fn find_mirror(
    display: &[(i32, i32)],
    links: &[Option<Cell>],
    dirs: &[Direction],
    sides: &ByColour<Side>,
) -> Option<Vec<Cell>> {
    let nd = dirs.len();
    let max_x = display.iter().map(|p| p.0).max()?;
    let max_y = display.iter().map(|p| p.1).max()?;
    let at: HashMap<(i32, i32), Cell> = display.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mirror: Vec<Cell> = display
        .iter()
        .map(|&(x, y)| at.get(&(max_x - x, max_y - y)).copied())
        .collect::<Option<_>>()?;
    for cell in 0..display.len() {
        for d in 0..nd {
            let image = links[cell * nd + d].map(|to| mirror[to]);
            if links[mirror[cell] * nd + dirs[d].opposite] != image {
                return None;
            }
        }
    }
    let map_cells = |cells: &[Cell]| {
        let mut v: Vec<Cell> = cells.iter().map(|&c| mirror[c]).collect();
        v.sort_unstable();
        v
    };
    let (white, black) = (&sides.white, &sides.black);
    let mut white_forward: Vec<Dir> = white.forward.iter().map(|&d| dirs[d].opposite).collect();
    let mut black_forward = black.forward.clone();
    white_forward.sort_unstable();
    black_forward.sort_unstable();
    let swaps = white_forward == black_forward
        && map_cells(&white.promotion) == black.promotion
        && map_cells(&white.men) == black.men
        && map_cells(&white.kings) == black.kings;
    swaps.then_some(mirror)
}
