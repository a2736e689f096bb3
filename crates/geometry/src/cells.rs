//! Cell names and labels: the board's cells collected from generators and lists.

use std::collections::{BTreeSet, HashMap};

use crate::error::{ErrorKind, VariantError};
use crate::file::{GeneratorSpec, LabelsSpec, Name, VariantFile};
use crate::generate::generate;
use crate::index::{Cell, MAX_CELLS};
use crate::source::Source;

/// Letter and number labels with lookups.
pub(crate) struct Labels {
    pub(crate) letters: Vec<String>,
    pub(crate) numbers: Vec<String>,
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
    pub(crate) fn new(source: &Source, file: &VariantFile) -> Result<Labels, VariantError> {
        let letters = labels_of(&file.board.letters, default_letters);
        let numbers = labels_of(&file.board.numbers, default_numbers);
        let letter_index = index_labels(source, "letter", &letters, |c| c.is_ascii_lowercase())?;
        let number_index = index_labels(source, "number", &numbers, |c| c.is_ascii_digit())?;
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
    source: &Source,
    what: &'static str,
    labels: &[String],
    ok: fn(char) -> bool,
) -> Result<HashMap<String, usize>, VariantError> {
    let mut map = HashMap::new();
    for (i, label) in labels.iter().enumerate() {
        let bad = |why| {
            source.err(
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

/// The board's cells: names, lattice coordinates and lookups by name.
pub(crate) struct Cells {
    pub(crate) names: Vec<String>,
    pub(crate) coords: Vec<(usize, usize)>,
    pub(crate) by_name: HashMap<String, Cell>,
    /// Label lookups, to place a mistyped name near the cells it was meant for.
    letter_index: HashMap<String, usize>,
    number_index: HashMap<String, usize>,
}

/// How many cells an unknown-cell error suggests.
const NEARBY: usize = 4;

impl Cells {
    pub(crate) fn lookup(
        &self,
        source: &Source,
        key: &str,
        name: &Name,
    ) -> Result<Cell, VariantError> {
        self.by_name
            .get(name.get_ref())
            .copied()
            .ok_or_else(|| source.at(name, self.unknown(key, name.get_ref())))
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
        GeneratorSpec::Draughts { width, height, .. } => {
            format!("a {width} x {height} draughts board")
        }
        GeneratorSpec::Square { width, height, .. } => format!("a {width} x {height} board"),
        GeneratorSpec::Hexagon { side } => format!("a hexagon of side {side}"),
    }
}

/// The cells of `[board]`: generated, listed and removed, each named by its labels.
pub(crate) fn collect_cells(
    source: &Source,
    file: &VariantFile,
    labels: &Labels,
) -> Result<Cells, VariantError> {
    let mut set: BTreeSet<(usize, usize)> = BTreeSet::new();
    if let Some(spec) = &file.board.generate {
        let generated = generate(spec.get_ref(), MAX_CELLS).map_err(|count| {
            source.err(
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
                return Err(source.err(
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
            .ok_or_else(|| source.at(name, ErrorKind::BadCellName(name.get_ref().clone())))?;
        if !set.insert(coord) {
            return Err(source.at(name, ErrorKind::DuplicateCell(name.get_ref().clone())));
        }
    }
    for name in &file.board.remove_cells {
        let removed = labels.parse(name.get_ref()).is_some_and(|c| set.remove(&c));
        if !removed {
            return Err(source.at(
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
        return Err(source.err(None, ErrorKind::NoCells));
    }
    if set.len() > MAX_CELLS {
        return Err(source.err(
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
            source.err(
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
        .map(|(i, n)| (n.clone(), Cell::new(i)))
        .collect();
    Ok(Cells {
        names,
        coords,
        by_name,
        letter_index: labels.letter_index.clone(),
        number_index: labels.number_index.clone(),
    })
}
