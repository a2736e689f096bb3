//! Directions and links: the board's edges, its rays, its graph and its mirror.

use std::collections::HashMap;

use petgraph::graph::DiGraph;

use crate::cells::Cells;
use crate::colour::{ByColour, Colour};
use crate::display::{coordinate_range_text, within_coordinate_range};
use crate::error::{ErrorKind, VariantError};
use crate::file::{LinkSpec, Name, VariantFile};
use crate::geometry::{Direction, Side};
use crate::index::{Cell, Dir, MAX_DIRS};
use crate::neighbours::Neighbours;
use crate::source::Source;

/// The directions of `[board]`, each with its opposite, checked to pair up.
pub(crate) fn collect_directions(
    source: &Source,
    file: &VariantFile,
) -> Result<Vec<Direction>, VariantError> {
    let specs = &file.board.directions;
    if specs.len() > MAX_DIRS {
        return Err(source.err(
            None,
            ErrorKind::BadValue {
                key: "board.directions".into(),
                why: format!("at most {MAX_DIRS} directions are supported"),
            },
        ));
    }
    let mut index: HashMap<&str, Dir> = HashMap::new();
    for (d, spec) in Dir::range(specs.len()).zip(specs) {
        if index.insert(spec.name.get_ref(), d).is_some() {
            return Err(source.at(
                &spec.name,
                ErrorKind::DuplicateDirection(spec.name.get_ref().clone()),
            ));
        }
        if spec.vector == Some([0, 0]) {
            return Err(source.at(
                &spec.name,
                ErrorKind::ZeroVector(spec.name.get_ref().clone()),
            ));
        }
        if let Some(v) = spec.vector
            && !within_coordinate_range(v)
        {
            return Err(source.at(
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
                source.at(
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
                    .map(Dir::new)
                    .ok_or_else(|| source.at(&spec.name, ErrorKind::NoOpposite(name.clone())))?
            }
        };
        if specs[opposite.index()].name.get_ref() == name {
            return Err(source.at(&spec.name, ErrorKind::NoOpposite(name.clone())));
        }
        dirs.push(Direction {
            name: name.clone(),
            vector: spec.vector.map(|[a, b]| (a, b)),
            opposite,
        });
    }
    for (i, d) in Dir::range(dirs.len()).zip(&dirs) {
        let back = &dirs[d.opposite.index()];
        let vectors_clash =
            matches!((d.vector, back.vector), (Some(a), Some(b)) if a != (-b.0, -b.1));
        if back.opposite != i || vectors_clash {
            return Err(source.at(
                &specs[i.index()].name,
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
    source: &Source,
    dirs: &[Direction],
    key: &str,
    name: &Name,
) -> Result<Dir, VariantError> {
    dirs.iter()
        .position(|d| &d.name == name.get_ref())
        .map(Dir::new)
        .ok_or_else(|| {
            source.at(
                name,
                ErrorKind::UnknownDirection {
                    key: key.to_string(),
                    direction: name.get_ref().clone(),
                },
            )
        })
}

fn resolve_link(
    source: &Source,
    cells: &Cells,
    dirs: &[Direction],
    key: &str,
    link: &LinkSpec,
) -> Result<(Cell, Cell, Dir), VariantError> {
    Ok((
        cells.lookup(source, key, &link.from)?,
        cells.lookup(source, key, &link.to)?,
        direction_index(source, dirs, key, &link.direction)?,
    ))
}

/// Every cell's neighbour in every direction: lattice vectors first, then removed and
/// explicit links, checked to be mutual.
pub(crate) fn build_links(
    source: &Source,
    file: &VariantFile,
    cells: &Cells,
    dirs: &[Direction],
) -> Result<Neighbours, VariantError> {
    let mut links = Neighbours::new(cells.names.len(), dirs.len());
    let by_coord: HashMap<(usize, usize), Cell> = cells
        .coords
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, Cell::new(i)))
        .collect();
    let name = |cell: Cell| cells.names[cell.index()].clone();
    let direction = |d: Dir| &dirs[d.index()];
    for (cell, &(l, n)) in links.cells().zip(&cells.coords) {
        for (d, dir) in links.dirs().zip(dirs) {
            if let Some((dl, dn)) = dir.vector {
                let to = (l as i64 + dl as i64, n as i64 + dn as i64);
                if to.0 >= 0 && to.1 >= 0 {
                    let to = (to.0 as usize, to.1 as usize);
                    let allowed = file
                        .board
                        .generate
                        .as_ref()
                        .is_none_or(|g| g.get_ref().allows_link((l, n), to));
                    links.set(cell, d, by_coord.get(&to).copied().filter(|_| allowed));
                }
            }
        }
    }
    for link in &file.board.remove_links {
        let (from, to, d) = resolve_link(source, cells, dirs, "board.remove_links", link)?;
        if links.get(from, d) != Some(to) {
            return Err(source.at(
                &link.from,
                ErrorKind::NoSuchLink {
                    from: name(from),
                    to: name(to),
                    direction: direction(d).name.clone(),
                },
            ));
        }
        links.set(from, d, None);
        let back = direction(d).opposite;
        if links.get(to, back) == Some(from) {
            links.set(to, back, None);
        }
    }
    let mut explicit = Vec::new();
    for link in &file.board.links {
        let (from, to, d) = resolve_link(source, cells, dirs, "board.links", link)?;
        match links.get(from, d) {
            Some(existing) if existing != to => {
                return Err(source.at(
                    &link.from,
                    ErrorKind::ConflictingLink {
                        cell: name(from),
                        direction: direction(d).name.clone(),
                        first: name(existing),
                        second: name(to),
                    },
                ));
            }
            _ => links.set(from, d, Some(to)),
        }
        explicit.push((from, d, &link.from));
    }
    for (from, d, span) in explicit {
        if let Some(to) = links.get(from, d) {
            let opp = direction(d).opposite;
            if links.get(to, opp) != Some(from) {
                return Err(source.at(
                    span,
                    ErrorKind::LinkNotMutual {
                        from: name(from),
                        to: name(to),
                        direction: direction(d).name.clone(),
                        opposite: direction(opp).name.clone(),
                    },
                ));
            }
        }
    }
    // Lattice links too: a direction with a vector whose declared opposite has none
    // makes one-way links, and a one-way link can send a ray round a loop that never
    // comes home (build_rays would not end).
    for (from, d, to) in links.links() {
        let dir = direction(d);
        if links.get(to, dir.opposite) != Some(from) {
            return Err(source.at(
                &file.board.directions[d.index()].name,
                ErrorKind::LinkNotMutual {
                    from: name(from),
                    to: name(to),
                    direction: dir.name.clone(),
                    opposite: direction(dir.opposite).name.clone(),
                },
            ));
        }
    }
    Ok(links)
}

/// The ray from every cell in every direction, flattened, with each ray's range (by
/// cell, then direction).
pub(crate) fn build_rays(links: &Neighbours) -> (Vec<Cell>, Vec<(u32, u32)>) {
    let mut rays = Vec::new();
    let mut ranges = Vec::with_capacity(links.cell_count() * links.dirs().len());
    for cell in links.cells() {
        for d in links.dirs() {
            let start = rays.len() as u32;
            let mut at = cell;
            while let Some(next) = links.get(at, d) {
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
pub(crate) fn build_graph(links: &Neighbours) -> DiGraph<Cell, Dir> {
    let mut graph = DiGraph::with_capacity(links.cell_count(), links.links().count());
    let nodes: Vec<_> = links.cells().map(|c| graph.add_node(c)).collect();
    for (cell, d, to) in links.links() {
        graph.add_edge(nodes[cell.index()], nodes[to.index()], d);
    }
    graph
}

/// The point reflection of the drawing, if it swaps the players' roles exactly.
pub(crate) fn find_mirror(
    display: &[(i32, i32)],
    links: &Neighbours,
    dirs: &[Direction],
    sides: &ByColour<Side>,
) -> Option<Vec<Cell>> {
    let max_x = display.iter().map(|p| p.0).max()?;
    let max_y = display.iter().map(|p| p.1).max()?;
    let at: HashMap<(i32, i32), Cell> = links.cells().zip(display).map(|(c, &p)| (p, c)).collect();
    let mirror: Vec<Cell> = display
        .iter()
        .map(|&(x, y)| at.get(&(max_x - x, max_y - y)).copied())
        .collect::<Option<_>>()?;
    let image = |cell: Cell| mirror[cell.index()];
    let opposite = |d: Dir| dirs[d.index()].opposite;
    for cell in links.cells() {
        for d in links.dirs() {
            if links.get(image(cell), opposite(d)) != links.get(cell, d).map(image) {
                return None;
            }
        }
    }
    let map_cells = |cells: &[Cell]| {
        let mut v: Vec<Cell> = cells.iter().map(|&c| image(c)).collect();
        v.sort_unstable();
        v
    };
    let (white, black) = (&sides[Colour::White], &sides[Colour::Black]);
    let mut white_forward: Vec<Dir> = white.forward.iter().map(|&d| opposite(d)).collect();
    let mut black_forward = black.forward.clone();
    white_forward.sort_unstable();
    black_forward.sort_unstable();
    let swaps = white_forward == black_forward
        && map_cells(&white.promotion) == black.promotion
        && map_cells(&white.men) == black.men
        && map_cells(&white.kings) == black.kings;
    swaps.then_some(mirror)
}
