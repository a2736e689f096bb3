//! Move-generation benchmarks: legal moves over a set of positions on each official
//! board, contact capture (Bushka) beside jump capture (draughts), the bulk count of
//! perft's last ply over the same positions, making moves, and perft from the start of
//! every official board (contact: Bushka, Bushka 9x11, Hexbushka; jump: International,
//! Brazilian, HexDame).
//!
//! `cargo bench -p bushka-rules` (add `-- --warm-up-time 1 --measurement-time 2` for a
//! quick run).

use std::hint::black_box;

use bushka_rules::{AnyBoard, Bits, Board, MoveList, Position, perft, with_board};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Contact-capture boards, then jump-capture boards.
const OFFICIAL: [&str; 6] = [
    "bushka",
    "bushka-9x11",
    "hexbushka",
    "draughts",
    "brazilian",
    "hexdame",
];

fn board(name: &str) -> AnyBoard {
    let geometry = match bushka_geometry::builtin(name) {
        Some(Ok(g)) => g,
        Some(Err(e)) => panic!("`{name}`: {e}"),
        None => panic!("no built-in `{name}`"),
    };
    AnyBoard::new(geometry)
}

/// A fixed sample of positions: the start and the positions of seeded random games
/// (openings, middle games with captures, endings with kings).
fn sample<B: Bits>(board: &Board<B>) -> Vec<Position<B>> {
    let mut out = vec![board.start_position()];
    for game in 0..16u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(0xBE7C_0000 + game);
        let mut pos = board.start_position();
        for ply in 0..120 {
            let moves = board.moves(&pos);
            if moves.is_empty() {
                break;
            }
            if ply % 8 == 7 {
                out.push(pos);
            }
            pos = pos.play(board, &moves.as_slice()[rng.random_range(0..moves.len())]);
        }
    }
    out
}

/// Benchmarks `f` (a count per position) summed over the sample of `b`.
fn bench_sample<B: Bits>(
    c: &mut Criterion,
    group: &str,
    name: &str,
    b: &Board<B>,
    f: impl Fn(&Board<B>, &Position<B>, &mut MoveList<B>) -> u64,
) {
    let positions = sample(b);
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut list = MoveList::new();
    group.bench_function(name, |bench| {
        bench.iter(|| {
            positions
                .iter()
                .map(|pos| f(b, black_box(pos), &mut list))
                .sum::<u64>()
        })
    });
    group.finish();
}

fn movegen(c: &mut Criterion) {
    for name in OFFICIAL {
        with_board!(&board(name), b => bench_sample(c, "movegen", name, b, |b, pos, list| {
            b.legal_moves(pos, list);
            list.len() as u64
        }));
    }
}

fn bulk_count(c: &mut Criterion) {
    for name in OFFICIAL {
        with_board!(&board(name), b => {
            bench_sample(c, "bulk_count", name, b, |b, pos, list| b.count_legal(pos, list))
        });
    }
}

fn make_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("make_move");
    for name in OFFICIAL {
        let any = board(name);
        with_board!(&any, b => {
            let pairs: Vec<_> = sample(b)
                .into_iter()
                .flat_map(|pos| b.moves(&pos).iter().map(move |mv| (pos, *mv)).collect::<Vec<_>>())
                .collect();
            group.throughput(Throughput::Elements(pairs.len() as u64));
            group.bench_function(name, |bench| {
                bench.iter(|| {
                    let mut acc = 0u64;
                    for (pos, mv) in &pairs {
                        acc ^= black_box(pos).play(b, black_box(mv)).hash();
                    }
                    acc
                })
            });
        });
    }
    group.finish();
}

fn perft_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    let starts = [
        ("bushka", 5),
        ("bushka-9x11", 5),
        ("hexbushka", 4),
        ("draughts", 7),
        ("brazilian", 8),
        ("hexdame", 5),
    ];
    for (name, depth) in starts {
        let any = board(name);
        with_board!(&any, b => {
            let start = b.start_position();
            group.throughput(Throughput::Elements(perft(b, &start, depth)));
            group.bench_function(format!("{name} start depth {depth}"), |bench| {
                bench.iter(|| perft(b, black_box(&start), depth))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, bulk_count, make_move, perft_start);
criterion_main!(benches);
