//! From the file model to a validated [`Geometry`]: every check, with locations.

use std::collections::{BTreeSet, HashMap};
use std::ops::Range;

use petgraph::graph::DiGraph;

use crate::display::{build_display, coordinate_range_text, within_coordinate_range};
use crate::embed::embed;
use crate::error::{ErrorKind, Location, VariantError};
use crate::file::{GeneratorSpec, LabelsSpec, LinkSpec, MenSpec, Name, PlayerSpec, VariantFile};
use crate::generate::generate;
use crate::geometry::{
    CaptureStyle, Cell, Dir, Direction, Geometry, KingRange, MAX_CELLS, MAX_DIRS, MenCapture, Meta,
    Player, RuleSet, Side, Values,
};
use crate::limits::{MAX_VARIANT_BYTES, precheck, read_text_file};
use crate::message::humanize;
use crate::numbering::number_cells;
use crate::rows::first_rows;

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

    fn at(&self, name: &Name, kind: ErrorKind) -> VariantError {
        self.err(Some(&name.span()), kind)
    }
}

/// Letter and number labels with lookups.
struct Labels {
    letters: Vec<String>,
    numbers: Vec<String>,
    letter_index: HashMap<String, usize>,
    number_index: HashMap<String, usize>,
}

fn default_letters() -> Vec<String> {
    ('a'..='z').map(String::from).collect()
}

fn default_numbers() -> Vec<String> {
    let mut v: Vec<String> = (1..=9).map(|n: u32| n.to_string()).collect();
    v.push("0".to_string());
    v.extend((11..=MAX_CELLS).map(|n| n.to_string()));
    v
}

fn labels_of(spec: &Option<LabelsSpec>, default: fn() -> Vec<String>) -> Vec<String> {
    match spec {
        None => default(),
        Some(LabelsSpec::Chars(s)) => s.chars().map(String::from).collect(),
        Some(LabelsSpec::List(v)) => v.clone(),
    }
}

impl Labels {
    fn new(ctx: &Ctx, file: &VariantFile) -> Result<Labels, VariantError> {
        let letters = labels_of(&file.board.letters, default_letters);
        let numbers = labels_of(&file.board.numbers, default_numbers);
        let letter_index = index_labels(ctx, "letter", &letters, |c| c.is_ascii_lowercase())?;
        let number_index = index_labels(ctx, "number", &numbers, |c| c.is_ascii_digit())?;
        Ok(Labels {
            letters,
            numbers,
            letter_index,
            number_index,
        })
    }

    /// Splits a cell name into (letter index, number index).
    fn parse(&self, name: &str) -> Option<(usize, usize)> {
        let split = name.find(|c: char| c.is_ascii_digit())?;
        let (l, n) = name.split_at(split);
        Some((*self.letter_index.get(l)?, *self.number_index.get(n)?))
    }

    fn name(&self, letter: usize, number: usize) -> Option<String> {
        Some(format!(
            "{}{}",
            self.letters.get(letter)?,
            self.numbers.get(number)?
        ))
    }
}

fn index_labels(
    ctx: &Ctx,
    what: &'static str,
    labels: &[String],
    ok: fn(char) -> bool,
) -> Result<HashMap<String, usize>, VariantError> {
    let mut map = HashMap::new();
    for (i, label) in labels.iter().enumerate() {
        let bad = |why| {
            ctx.err(
                None,
                ErrorKind::BadLabel {
                    what,
                    label: label.clone(),
                    why,
                },
            )
        };
        if label.is_empty() || !label.chars().all(ok) {
            return Err(bad(if what == "letter" {
                "letter labels are lowercase ASCII letters"
            } else {
                "number labels are ASCII digits"
            }));
        }
        if map.insert(label.clone(), i).is_some() {
            return Err(bad("defined twice"));
        }
    }
    Ok(map)
}

pub(crate) struct Cells {
    names: Vec<String>,
    pub(crate) coords: Vec<(usize, usize)>,
    pub(crate) by_name: HashMap<String, Cell>,
    /// Label lookups, to place a mistyped name near the cells it was meant for.
    letter_index: HashMap<String, usize>,
    number_index: HashMap<String, usize>,
}

/// How many cells an unknown-cell error suggests.
const NEARBY: usize = 4;

impl Cells {
    fn lookup(&self, ctx: &Ctx, key: &str, name: &Name) -> Result<Cell, VariantError> {
        self.by_name
            .get(name.get_ref())
            .copied()
            .ok_or_else(|| ctx.at(name, self.unknown(key, name.get_ref())))
    }

    pub(crate) fn unknown(&self, key: &str, name: &str) -> ErrorKind {
        ErrorKind::UnknownCell {
            key: key.to_string(),
            cell: name.to_string(),
            nearby: self.nearby(name),
        }
    }

    /// The cells nearest to `name`: by lattice distance when its letter and number
    /// labels exist (a cell off the board's edge), otherwise by spelling.
    fn nearby(&self, name: &str) -> Vec<String> {
        let split = name
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(name.len());
        let (l, n) = name.split_at(split);
        let place = self.letter_index.get(l).zip(self.number_index.get(n));
        let mut ranked: Vec<(usize, &String)> = self
            .names
            .iter()
            .zip(&self.coords)
            .map(|(cell, &(cl, cn))| {
                let distance = match place {
                    Some((&pl, &pn)) => pl.abs_diff(cl) + pn.abs_diff(cn),
                    None => strsim::levenshtein(name, cell),
                };
                (distance, cell)
            })
            .collect();
        ranked.sort();
        let limit = match place {
            Some(_) => usize::MAX,
            None => (name.chars().count() / 3).max(1),
        };
        ranked
            .into_iter()
            .filter(|&(d, _)| d <= limit)
            .take(NEARBY)
            .map(|(_, cell)| cell.clone())
            .collect()
    }
}

/// A generator's shape in words, for errors.
fn shape(spec: &GeneratorSpec) -> String {
    match spec {
        GeneratorSpec::Draughts { width, height } => {
            format!("a {width} x {height} draughts board")
        }
        GeneratorSpec::Hexagon { side } => format!("a hexagon of side {side}"),
    }
}

fn collect_cells(ctx: &Ctx, file: &VariantFile, labels: &Labels) -> Result<Cells, VariantError> {
    let mut set: BTreeSet<(usize, usize)> = BTreeSet::new();
    if let Some(spec) = &file.board.generate {
        let generated = generate(spec.get_ref(), MAX_CELLS).map_err(|count| {
            ctx.err(
                Some(&spec.span()),
                ErrorKind::GeneratorTooLarge {
                    key: "board.generate".into(),
                    shape: shape(spec.get_ref()),
                    count,
                    max: MAX_CELLS,
                },
            )
        })?;
        let max_letter = generated.coords.iter().map(|c| c.0).max().unwrap_or(0);
        let max_number = generated.coords.iter().map(|c| c.1).max().unwrap_or(0);
        for (what, needed, given) in [
            ("letter", max_letter as usize + 1, labels.letters.len()),
            ("number", max_number as usize + 1, labels.numbers.len()),
        ] {
            if needed > given {
                return Err(ctx.err(
                    None,
                    ErrorKind::TooFewLabels {
                        what,
                        needed,
                        given,
                    },
                ));
            }
        }
        set.extend(
            generated
                .coords
                .iter()
                .map(|&(l, n)| (l as usize, n as usize)),
        );
    }
    for name in &file.board.cells {
        let coord = labels
            .parse(name.get_ref())
            .ok_or_else(|| ctx.at(name, ErrorKind::BadCellName(name.get_ref().clone())))?;
        if !set.insert(coord) {
            return Err(ctx.at(name, ErrorKind::DuplicateCell(name.get_ref().clone())));
        }
    }
    for name in &file.board.remove_cells {
        let removed = labels.parse(name.get_ref()).is_some_and(|c| set.remove(&c));
        if !removed {
            return Err(ctx.at(
                name,
                ErrorKind::UnknownCell {
                    key: "board.remove_cells".into(),
                    cell: name.get_ref().clone(),
                    nearby: Vec::new(),
                },
            ));
        }
    }
    if set.is_empty() {
        return Err(ctx.err(None, ErrorKind::NoCells));
    }
    if set.len() > MAX_CELLS {
        return Err(ctx.err(
            None,
            ErrorKind::TooManyCells {
                count: set.len(),
                max: MAX_CELLS,
            },
        ));
    }
    let coords: Vec<(usize, usize)> = set.into_iter().collect();
    let mut names = Vec::with_capacity(coords.len());
    for &(l, n) in &coords {
        names.push(labels.name(l, n).ok_or_else(|| {
            ctx.err(
                None,
                ErrorKind::TooFewLabels {
                    what: if l >= labels.letters.len() {
                        "letter"
                    } else {
                        "number"
                    },
                    needed: if l >= labels.letters.len() {
                        l + 1
                    } else {
                        n + 1
                    },
                    given: if l >= labels.letters.len() {
                        labels.letters.len()
                    } else {
                        labels.numbers.len()
                    },
                },
            )
        })?);
    }
    let by_name = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), i))
        .collect();
    Ok(Cells {
        names,
        coords,
        by_name,
        letter_index: labels.letter_index.clone(),
        number_index: labels.number_index.clone(),
    })
}

fn collect_directions(ctx: &Ctx, file: &VariantFile) -> Result<Vec<Direction>, VariantError> {
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

fn direction_index(
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

fn build_links(
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

/// Where a side's men start and how far the rows of `men = { rows = N }` reach.
struct StartContext<'a> {
    /// The player's own back rank: the opponent's promotion zone.
    back_rank: Vec<Cell>,
    /// The board's links, `links[cell * directions + d]`.
    links: &'a [Option<Cell>],
}

/// The cells of the opponent's promotion zone that exist (unknown names are reported
/// when that side is built).
fn back_rank(cells: &Cells, opponent: &PlayerSpec) -> Vec<Cell> {
    opponent
        .promotion
        .get_ref()
        .iter()
        .filter_map(|name| cells.by_name.get(name.get_ref()).copied())
        .collect()
}

/// The listed men, or the cells of the first rows (named, with the span of `rows`).
fn men_names(
    ctx: &Ctx,
    player: Player,
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
                return Err(ctx.err(
                    Some(&rows.span()),
                    ErrorKind::BadValue {
                        key: format!("players.{}.men.rows", player.name().to_lowercase()),
                        why: "expected 1 to 64 rows".into(),
                    },
                ));
            }
            let nd = start.links.len() / cells.names.len().max(1);
            Ok(
                first_rows(&start.back_rank, forward, start.links, nd, n as usize)
                    .into_iter()
                    .map(|c| Name::new(rows.span(), cells.names[c].clone()))
                    .collect(),
            )
        }
    }
}

fn build_side(
    ctx: &Ctx,
    player: Player,
    spec: &PlayerSpec,
    cells: &Cells,
    dirs: &[Direction],
    claimed: &mut HashMap<Cell, ()>,
    start: &StartContext,
) -> Result<Side, VariantError> {
    let key = |k: &str| format!("players.{}.{k}", player.name().to_lowercase());
    let mut forward = Vec::new();
    for name in &spec.forward {
        let d = direction_index(ctx, dirs, &key("forward"), name)?;
        if !forward.contains(&d) {
            forward.push(d);
        }
    }
    if forward.is_empty() {
        return Err(ctx.err(None, ErrorKind::NoForward(player.name().into())));
    }
    let mut promotion = Vec::new();
    for name in spec.promotion.get_ref() {
        promotion.push(cells.lookup(ctx, &key("promotion"), name)?);
    }
    if promotion.is_empty() {
        return Err(ctx.err(
            Some(&spec.promotion.span()),
            ErrorKind::EmptyPromotion(player.name().into()),
        ));
    }
    promotion.sort_unstable();
    promotion.dedup();
    let mut place = |names: &[Name], what: &str, is_man: bool| -> Result<Vec<Cell>, VariantError> {
        let mut out = Vec::new();
        for name in names {
            let cell = cells.lookup(ctx, &key(what), name)?;
            if claimed.insert(cell, ()).is_some() {
                return Err(ctx.at(name, ErrorKind::StartClaimedTwice(name.get_ref().clone())));
            }
            if is_man && promotion.contains(&cell) {
                return Err(ctx.at(
                    name,
                    ErrorKind::ManOnPromotion {
                        player: player.name().into(),
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
        &men_names(ctx, player, spec, cells, &forward, start)?,
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

fn build_rules(ctx: &Ctx, file: &VariantFile) -> Result<(RuleSet, Values), VariantError> {
    let r = &file.rules;
    let bad = |span: Range<usize>, key: &str, why: &str| {
        ctx.err(
            Some(&span),
            ErrorKind::BadValue {
                key: key.into(),
                why: why.into(),
            },
        )
    };
    let capture = match r.capture.get_ref().as_str() {
        "contact" => CaptureStyle::Contact,
        "jump" => CaptureStyle::Jump,
        _ => {
            return Err(bad(
                r.capture.span(),
                "rules.capture",
                "the known capture styles are: contact, jump",
            ));
        }
    };
    let min_line = *r.min_line.get_ref();
    if !(2..=64).contains(&min_line) {
        return Err(bad(
            r.min_line.span(),
            "rules.min_line",
            "a line of men has 2 to 64 men",
        ));
    }
    let king_range = match r.king_range.get_ref().as_str() {
        "long" => KingRange::Long,
        "short" => KingRange::Short,
        _ => {
            return Err(bad(
                r.king_range.span(),
                "rules.king_range",
                "expected \"long\" or \"short\"",
            ));
        }
    };
    let repetition = *r.repetition.get_ref();
    if !(2..=100).contains(&repetition) {
        return Err(bad(
            r.repetition.span(),
            "rules.repetition",
            "expected 2 to 100",
        ));
    }
    let men_capture = match r.men_capture.get_ref().as_str() {
        "all" => MenCapture::All,
        "forward" => MenCapture::Forward,
        _ => {
            return Err(bad(
                r.men_capture.span(),
                "rules.men_capture",
                "expected \"all\" or \"forward\"",
            ));
        }
    };
    let king_move_draw = *r.king_move_draw.get_ref();
    if !(0..=1000).contains(&king_move_draw) {
        return Err(bad(
            r.king_move_draw.span(),
            "rules.king_move_draw",
            "expected 0 (off) to 1000 plies",
        ));
    }
    let e = &file.evaluation;
    for (v, key) in [(&e.man, "evaluation.man"), (&e.king, "evaluation.king")] {
        // The engine clamps static scores at 4000 men: larger values would saturate it.
        if !(1..=10_000).contains(v.get_ref()) {
            return Err(bad(v.span(), key, "expected 1 to 10000"));
        }
    }
    Ok((
        RuleSet {
            capture,
            min_line: min_line as usize,
            majority: r.majority,
            king_range,
            repetition: repetition as usize,
            men_capture,
            line_moves: r.line_moves,
            king_move_draw: king_move_draw as usize,
        },
        Values {
            man: *e.man.get_ref() as i32,
            king: *e.king.get_ref() as i32,
        },
    ))
}

fn build_rays(links: &[Option<Cell>], n: usize, nd: usize) -> (Vec<Cell>, Vec<(u32, u32)>) {
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

fn build_graph(links: &[Option<Cell>], n: usize, nd: usize) -> DiGraph<Cell, Dir> {
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
fn find_mirror(
    display: &[(i32, i32)],
    links: &[Option<Cell>],
    dirs: &[Direction],
    sides: &[Side; 2],
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
    let mut white_forward: Vec<Dir> = sides[0].forward.iter().map(|&d| dirs[d].opposite).collect();
    let mut black_forward = sides[1].forward.clone();
    white_forward.sort_unstable();
    black_forward.sort_unstable();
    let swaps = white_forward == black_forward
        && map_cells(&sides[0].promotion) == sides[1].promotion
        && map_cells(&sides[0].men) == sides[1].men
        && map_cells(&sides[0].kings) == sides[1].kings;
    swaps.then_some(mirror)
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
        [empty(), empty()]
    } else {
        [
            build_side(
                ctx,
                Player::White,
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
                Player::Black,
                &players.black,
                &cells,
                &dirs,
                &mut claimed,
                &StartContext {
                    back_rank: back_rank(&cells, &players.white),
                    links: &links,
                },
            )?,
        ]
    };
    let (rules, values) = build_rules(ctx, file)?;
    let n = cells.names.len();
    let nd = dirs.len();
    let lattice: Vec<(i32, i32)> = cells
        .coords
        .iter()
        .map(|&(l, m)| (l as i32, m as i32))
        .collect();
    let embedding = embed(&lattice, &links, nd, MAX_CELLS);
    let (rays, ray_ranges) = build_rays(&links, n, nd);
    let graph = build_graph(&links, n, nd);
    let mirror = find_mirror(&display, &links, &dirs, &sides);
    let promotion_mask = [0, 1].map(|p| {
        let mut mask = vec![false; n];
        for &c in &sides[p].promotion {
            mask[c] = true;
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
