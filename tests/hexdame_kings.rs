//! HexDame's kings-only endings solved twice: by the tablebase crate, and by a small
//! naive solver written here from the rules alone (flying kings on the hexagonal
//! board's six lines, captures compulsory, the most pieces compulsory, captured kings
//! removed at the end of the move and never jumped twice, a side without a move
//! loses). It shares only the board's cells and lines with the project.
//!
//! The finding of crates/rules/RULES.md (HexDame): three kings against one, the kings
//! to move, win in every one of the 2,087,420 placements but 12,558 draws, all with
//! the lone king on the rim; in 12,534 of them every White move meets a capture of a
//! king that keeps the draw (in 5,172 the lone king attacks two kings already), and
//! in the other 24 it holds by longer means. The full check is ignored (minutes in
//! a release build): `cargo test --release -p bushka-tests --test hexdame_kings --
//! --ignored --nocapture`; CI checks two kings against one the same way.

use std::sync::Arc;

use bushka_geometry::{ByColour, Cell, Colour, Geometry};
use bushka_rules::{AnyBoard, Bits, Board, with_board};
use bushka_tablebase::{Material, Silent, Tablebases, Value, solve};

/// The board as the naive solver sees it: per cell, per direction, the cells to the
/// edge.
struct Lines {
    cells: usize,
    rays: Vec<Vec<Vec<usize>>>,
}

impl Lines {
    fn new(geometry: &Geometry) -> Lines {
        let rays = geometry
            .cells()
            .map(|c| {
                geometry
                    .dirs()
                    .map(|d| geometry.ray(c, d).iter().map(|r| r.index()).collect())
                    .collect()
            })
            .collect();
        Lines {
            cells: geometry.cell_count(),
            rays,
        }
    }

    /// Whether a cell has fewer than six neighbours.
    fn on_rim(&self, cell: usize) -> bool {
        self.rays[cell].iter().any(Vec::is_empty)
    }
}

/// A position: White's kings (sorted), Black's lone king, the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pos {
    white: Vec<usize>,
    black: usize,
    white_to_move: bool,
}

impl Pos {
    fn occupied(&self, cell: usize) -> bool {
        cell == self.black || self.white.contains(&cell)
    }
}

/// Every position a legal move of `pos` leads to, and whether the moves capture.
fn children(lines: &Lines, pos: &Pos) -> (Vec<Pos>, bool) {
    if pos.white_to_move {
        white_children(lines, pos)
    } else {
        black_children(lines, pos)
    }
}

/// White: any king that sees the black king with a free cell behind it takes it (the
/// game is then over: the child has no black king, `black == usize::MAX`); else every
/// king slides along a line over free cells.
fn white_children(lines: &Lines, pos: &Pos) -> (Vec<Pos>, bool) {
    for &k in &pos.white {
        for ray in &lines.rays[k] {
            let Some(at) = ray.iter().position(|&c| pos.occupied(c)) else {
                continue;
            };
            if ray[at] == pos.black && ray.get(at + 1).is_some_and(|&c| !pos.occupied(c)) {
                let done = Pos {
                    white: pos.white.clone(),
                    black: usize::MAX,
                    white_to_move: false,
                };
                return (vec![done], true);
            }
        }
    }
    let mut out = Vec::new();
    for (i, &k) in pos.white.iter().enumerate() {
        for ray in &lines.rays[k] {
            for &c in ray.iter().take_while(|&&c| !pos.occupied(c)) {
                let mut white = pos.white.clone();
                white[i] = c;
                white.sort_unstable();
                out.push(Pos {
                    white,
                    black: pos.black,
                    white_to_move: false,
                });
            }
        }
    }
    (out, false)
}

/// Black: every capture sequence of the lone king (a white king met along a line with
/// free cells behind, landing on any of them, then on; taken kings stay until the end
/// of the move and block), only the longest; else every slide.
fn black_children(lines: &Lines, pos: &Pos) -> (Vec<Pos>, bool) {
    let mut ends = Vec::new();
    let mut taken = Vec::new();
    capture(lines, pos, pos.black, &mut taken, &mut ends);
    let most = ends
        .iter()
        .map(|(_, t): &(usize, Vec<usize>)| t.len())
        .max();
    if let Some(most) = most.filter(|&m| m > 0) {
        let mut out: Vec<Pos> = Vec::new();
        for (to, taken) in ends.into_iter().filter(|(_, t)| t.len() == most) {
            let child = Pos {
                white: pos
                    .white
                    .iter()
                    .copied()
                    .filter(|k| !taken.contains(k))
                    .collect(),
                black: to,
                white_to_move: true,
            };
            if !out.contains(&child) {
                out.push(child);
            }
        }
        return (out, true);
    }
    let mut out = Vec::new();
    for ray in &lines.rays[pos.black] {
        for &c in ray.iter().take_while(|&&c| !pos.occupied(c)) {
            out.push(Pos {
                white: pos.white.clone(),
                black: c,
                white_to_move: true,
            });
        }
    }
    (out, false)
}

/// Extends a capture from `at` having taken `taken`; records every end (where no
/// further capture exists) with what it took.
fn capture(
    lines: &Lines,
    pos: &Pos,
    at: usize,
    taken: &mut Vec<usize>,
    ends: &mut Vec<(usize, Vec<usize>)>,
) {
    // The lone king has left its starting cell.
    let blocked = |c: usize| c != pos.black && pos.occupied(c);
    let mut went_on = false;
    for ray in &lines.rays[at] {
        let Some(hit) = ray.iter().position(|&c| blocked(c)) else {
            continue;
        };
        let target = ray[hit];
        if taken.contains(&target) {
            continue;
        }
        for &landing in ray[hit + 1..].iter().take_while(|&&c| !blocked(c)) {
            went_on = true;
            taken.push(target);
            capture(lines, pos, landing, taken, ends);
            taken.pop();
        }
    }
    if !went_on {
        ends.push((at, taken.clone()));
    }
}

/// Values of every position with up to `most` White kings against one, solved in
/// rounds straight from the definitions: round `n` decides a win when a move leads to
/// a loss in `n - 1`, and a loss when every move leads to a win in less than `n`.
struct Naive<'a> {
    lines: &'a Lines,
    /// Per number of White kings, per side to move (White 0), by [`Naive::index`].
    values: Vec<[Vec<Option<Value>>; 2]>,
}

impl<'a> Naive<'a> {
    fn solve(lines: &'a Lines, most: usize) -> Naive<'a> {
        let mut naive = Naive {
            lines,
            values: Vec::new(),
        };
        for kings in 0..=most {
            let size = lines.cells.pow(kings as u32 + 1);
            naive.values.push([vec![None; size], vec![None; size]]);
            let mut open: Vec<Pos> = Vec::new();
            for pos in naive.positions(kings) {
                if pos.white.is_empty() || children(lines, &pos).0.is_empty() {
                    // No piece, or no move: lost.
                    naive.set(&pos, Value::Loss(0));
                } else {
                    open.push(pos);
                }
            }
            for n in 1.. {
                let decided: Vec<(Pos, Value)> = open
                    .iter()
                    .filter_map(|pos| naive.round(pos, n).map(|v| (pos.clone(), v)))
                    .collect();
                if decided.is_empty() {
                    // Round n + 1 would need a value decided in round n.
                    break;
                }
                for (pos, value) in &decided {
                    naive.set(pos, *value);
                }
                open.retain(|pos| naive.get(pos).is_none());
            }
            for pos in open {
                naive.set(&pos, Value::Draw);
            }
        }
        naive
    }

    /// Every placement of `kings` White kings and the black king, both sides to move.
    fn positions(&self, kings: usize) -> Vec<Pos> {
        let mut out = Vec::new();
        let mut sets = vec![Vec::new()];
        for _ in 0..kings {
            sets = sets
                .into_iter()
                .flat_map(|set: Vec<usize>| {
                    let from = set.last().map_or(0, |&l| l + 1);
                    (from..self.lines.cells).map(move |c| {
                        let mut next = set.clone();
                        next.push(c);
                        next
                    })
                })
                .collect();
        }
        for white in sets {
            for black in (0..self.lines.cells).filter(|b| !white.contains(b)) {
                for white_to_move in [true, false] {
                    out.push(Pos {
                        white: white.clone(),
                        black,
                        white_to_move,
                    });
                }
            }
        }
        out
    }

    fn index(&self, pos: &Pos) -> usize {
        pos.white
            .iter()
            .fold(pos.black, |i, &k| i * self.lines.cells + k)
    }

    fn get(&self, pos: &Pos) -> Option<Value> {
        if pos.black == usize::MAX {
            // Black has no piece left, and no move.
            return Some(Value::Loss(0));
        }
        let side = usize::from(!pos.white_to_move);
        self.values[pos.white.len()][side][self.index(pos)]
    }

    fn set(&mut self, pos: &Pos, value: Value) {
        let side = usize::from(!pos.white_to_move);
        let index = self.index(pos);
        self.values[pos.white.len()][side][index] = Some(value);
    }

    /// The value `pos` takes in round `n`, if it is decided then.
    fn round(&self, pos: &Pos, n: u16) -> Option<Value> {
        let (moves, _) = children(self.lines, pos);
        let values: Vec<Option<Value>> = moves.iter().map(|c| self.get(c)).collect();
        if values.contains(&Some(Value::Loss(n - 1))) {
            return Some(Value::Win(n));
        }
        let all_won = values
            .iter()
            .all(|v| matches!(v, Some(Value::Win(d)) if *d < n));
        all_won.then_some(Value::Loss(n))
    }
}

/// HexDame, compiled.
fn hexdame() -> AnyBoard {
    match bushka_geometry::builtin("hexdame") {
        Some(Ok(g)) => AnyBoard::new(g),
        other => panic!("hexdame does not load: {other:?}"),
    }
}

/// The project's tables of `material` (and those it leads to).
fn project<B: Bits>(board: &Arc<Board<B>>, material: &str) -> Tablebases {
    let mut tables = Tablebases::new(board.geometry());
    let material: Material = material.parse().expect("signature");
    solve(board, &mut tables, material, &Silent).expect("solvable");
    tables
}

/// Compares every position of `kings` White kings against one; returns the values of
/// the positions with White to move.
fn agree<B: Bits>(
    naive: &Naive,
    board: &Board<B>,
    tables: &Tablebases,
    kings: usize,
) -> Vec<(Pos, Value)> {
    let bit = |c: usize| B::bit(board.sq(Cell::new(c)));
    let mut white_to_move = Vec::new();
    for pos in naive.positions(kings) {
        let white = pos.white.iter().fold(B::EMPTY, |s, &c| s | bit(c));
        let side = if pos.white_to_move {
            Colour::White
        } else {
            Colour::Black
        };
        let placed = board
            .position_from_sets(
                ByColour::new(B::EMPTY, B::EMPTY),
                ByColour::new(white, bit(pos.black)),
                side,
            )
            .expect("a legal placement");
        let expected = naive.get(&pos).expect("solved");
        assert_eq!(
            tables.probe(board, &placed),
            Some(expected),
            "{}",
            board.position_string(&placed)
        );
        if pos.white_to_move {
            white_to_move.push((pos, expected));
        }
    }
    white_to_move
}

#[test]
fn two_kings_against_one_agree_with_the_naive_solver() {
    with_board!(&hexdame(), board => {
        let lines = Lines::new(board.geometry());
        let naive = Naive::solve(&lines, 2);
        let tables = project(board, "2K v 1K");
        let values = agree(&naive, board, &tables, 2);
        // 61 x C(60, 2) placements with the two kings to move.
        assert_eq!(values.len(), 61 * 60 * 59 / 2);
        let won = values.iter().filter(|(_, v)| matches!(v, Value::Win(_))).count();
        assert_eq!(won, 52_341, "as the README's table says");
    })
}

#[test]
#[ignore = "slow: minutes in a release build (see the module notes)"]
fn three_kings_win_against_one_but_for_the_rim_forks() {
    with_board!(&hexdame(), board => three_kings(board))
}

fn three_kings<B: Bits>(board: &Arc<Board<B>>) {
    let tables = project(board, "3K v 1K");
    let lines = Lines::new(board.geometry());
    let naive = Naive::solve(&lines, 3);
    let values = agree(&naive, board, &tables, 3);
    assert_eq!(values.len(), 2_087_420);
    assert!(values.iter().all(|(_, v)| !matches!(v, Value::Loss(_))));
    let drawn: Vec<&Pos> = values
        .iter()
        .filter(|(_, v)| *v == Value::Draw)
        .map(|(p, _)| p)
        .collect();
    let (mut on_rim, mut forks_now, mut taken_at_once) = (0, 0, 0);
    let mut exceptions = Vec::new();
    for pos in &drawn {
        on_rim += usize::from(lines.on_rim(pos.black));
        forks_now += usize::from(attacks_two(&lines, pos));
        // Whatever White plays (never a capture), Black takes a king and keeps at
        // least the draw?
        let (moves, captures) = children(&lines, pos);
        assert!(!captures);
        let taken = moves.iter().all(|child| {
            let (replies, takes) = children(&lines, child);
            takes
                && replies
                    .iter()
                    .any(|r| !matches!(naive.get(r), Some(Value::Win(_))))
        });
        taken_at_once += usize::from(taken);
        if !taken {
            exceptions.push(text(board, pos));
        }
    }
    println!(
        "3K v 1K on hexdame, kings to move: {} placements, {} won, {} drawn; of the \
         draws {on_rim} with the lone king on the rim, {forks_now} with two kings attacked \
         already, {taken_at_once} where every White move meets a capture that keeps the \
         draw; the others: {}",
        values.len(),
        values.len() - drawn.len(),
        drawn.len(),
        exceptions.join(" "),
    );
    let cell = |name: &str| board.geometry().cell(name).expect("a cell").index();
    let mut white = vec![cell("a4"), cell("d4"), cell("e2")];
    white.sort_unstable();
    let example = Pos {
        white,
        black: cell("a1"),
        white_to_move: true,
    };
    assert_eq!(naive.get(&example), Some(Value::Draw));
    assert!(
        !attacks_two(&lines, &example),
        "it attacks two kings next move"
    );
    assert_eq!(drawn.len(), 12_558);
    assert_eq!(on_rim, drawn.len());
    assert_eq!(forks_now, 5_172);
    assert_eq!(taken_at_once, 12_534);
}

/// `pos` as a position string.
fn text<B: Bits>(board: &Board<B>, pos: &Pos) -> String {
    let name = |c: usize| board.geometry().name(Cell::new(c)).to_string();
    let white: Vec<String> = pos.white.iter().map(|&k| format!("K{}", name(k))).collect();
    let side = if pos.white_to_move { "W" } else { "B" };
    format!("{side}:W{}:BK{}", white.join(","), name(pos.black))
}

/// Whether the lone king, were it Black's turn in `pos`, could take either of two
/// different kings.
fn attacks_two(lines: &Lines, pos: &Pos) -> bool {
    let turned = Pos {
        white_to_move: false,
        ..pos.clone()
    };
    let (replies, takes) = children(lines, &turned);
    let left: std::collections::HashSet<&Vec<usize>> = replies.iter().map(|r| &r.white).collect();
    takes && left.len() >= 2
}
