//! The learned evaluation: its features are tied between the colours by the board's
//! mirror, its score is the weighted sum of the features it lists, and material
//! weights alone score the material.

mod common;

use std::collections::BTreeMap;
use std::sync::Arc;

use bushka_engine::{Learned, PlayerSpec, Term};
use bushka_geometry::{
    BACK_STATES, Cell, Colour, EvalWeights, FRONT_STATES, FeatureLayout, Geometry, Trained,
};
use bushka_rules::{AnyBoard, Bits, Board, Position, Setup, with_board};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Weights for `geometry`'s layout from `f(index)`, at `scale` centi-men per logit.
fn weights(geometry: &Geometry, scale: f64, f: impl FnMut(usize) -> f64) -> EvalWeights {
    let layout = FeatureLayout::of(geometry);
    EvalWeights {
        trained: Trained {
            variant: geometry.meta().id.clone(),
            command: "test".into(),
            seed: 0,
            games: 0,
            positions: 0,
            loss: 0.0,
        },
        scale,
        weights: (0..layout.len()).map(f).collect(),
        origin: "test".into(),
    }
}

/// Random weights (seeded) in -1..1 logits.
fn random_weights(geometry: &Geometry, seed: u64) -> EvalWeights {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    weights(geometry, 100.0, |_| rng.random_range(-1.0..1.0))
}

/// Positions of random games on `board`: after 4 to 60 plies.
fn positions<B: Bits>(board: &Arc<Board<B>>) -> Vec<Position<B>> {
    (0..24)
        .map(|k| *common::random_opening(board, 4 + (k % 15) * 4, k as u64).position())
        .collect()
}

/// `pos` with the colours swapped through the mirror, the other side to move.
fn mirrored<B: Bits>(board: &Board<B>, pos: &Position<B>) -> Position<B> {
    let mirror = board.geometry().mirror().expect("a mirror").to_vec();
    let reflect = |cells: Vec<Cell>| cells.into_iter().map(|c| mirror[c.index()]).collect();
    let mut setup = Setup::of(board, pos);
    setup.men = setup.men.swapped().map(reflect);
    setup.kings = setup.kings.swapped().map(reflect);
    setup.black_to_move = !setup.black_to_move;
    setup
        .validate(board)
        .expect("the mirrored position is valid")
}

#[test]
fn learned_evaluation_is_colour_symmetric() {
    for name in ["draughts", "bushka", "hexbushka", "checkers", "russian"] {
        let geometry = common::geometry(name);
        let w = random_weights(&geometry, 7);
        let any = AnyBoard::new(geometry);
        with_board!(&any, b => {
            let learned = Learned::new(b, &w);
            for pos in positions(b) {
                let score = learned.evaluate(b, &pos);
                assert_ne!(score, 0, "{name}: random weights score something");
                assert_eq!(score, learned.evaluate(b, &mirrored(b, &pos)), "{name}");
            }
        });
    }
}

#[test]
fn the_score_is_the_weighted_sum_of_the_listed_features() {
    for name in ["draughts", "hexbushka", "turkish"] {
        let geometry = common::geometry(name);
        let w = random_weights(&geometry, 11);
        let any = AnyBoard::new(geometry);
        with_board!(&any, b => {
            let learned = Learned::new(b, &w);
            let mut listed = Vec::new();
            for pos in positions(b) {
                learned.features().features(b, &pos, &mut listed);
                let from_white: f64 = listed
                    .iter()
                    .map(|&(i, v)| w.weights[i as usize] * f64::from(v) * w.scale)
                    .sum();
                let expected = if pos.side() == Colour::White { from_white } else { -from_white };
                let score = f64::from(learned.evaluate(b, &pos));
                // Weights are held to 1/64 centi-man: a few centi-men over a position.
                assert!((score - expected).abs() <= 4.0, "{name}: {score} against {expected}");
            }
        });
    }
}

#[test]
fn material_weights_alone_score_the_material() {
    let geometry = common::geometry("draughts");
    let layout = FeatureLayout::of(&geometry);
    let men = layout.offset("material");
    // A man is one logit, a king three, at 100 centi-men per logit.
    let w = weights(&geometry, 100.0, |i| match i {
        _ if i == men => 1.0,
        _ if i == men + 1 => 3.0,
        _ => 0.0,
    });
    let any = AnyBoard::new(geometry);
    with_board!(&any, b => {
        let learned = Learned::new(b, &w);
        for pos in positions(b) {
            let balance = |c: Colour| {
                100 * pos.men(c).count() as i32 + 300 * pos.kings(c).count() as i32
            };
            let me = pos.side();
            let expected = balance(me) - balance(me.opponent());
            assert_eq!(learned.evaluate(b, &pos), expected);
        }
    });
}

#[test]
fn an_engine_may_be_told_to_use_the_hand_written_terms() {
    let spec: PlayerSpec = "engine:level=2:eval=classic".parse().expect("parses");
    assert_eq!(spec.to_string(), "engine:level=2:eval=classic");
    let learned: PlayerSpec = "engine:level=2:eval=learned".parse().expect("parses");
    assert_eq!(learned.to_string(), "engine:level=2");
    let bad = "engine:eval=neural"
        .parse::<PlayerSpec>()
        .expect_err("refused");
    assert!(bad.to_string().contains("`eval=neural`"), "{bad}");
    let twice = "engine:eval=classic:eval=learned"
        .parse::<PlayerSpec>()
        .expect_err("refused");
    assert!(twice.to_string().contains("given twice"), "{twice}");
}

#[test]
fn the_terms_follow_the_weights_files_order() {
    assert_eq!(Term::ALL.len(), bushka_geometry::TERMS.len());
    for (k, t) in Term::ALL.into_iter().enumerate() {
        assert_eq!(t as usize, k);
        assert_eq!(t.name(), bushka_geometry::TERMS[k]);
    }
}

#[test]
fn balance_counts_the_men_on_each_wing() {
    // International, drawn with square 1 top left: 31 and 36 lie left of the centre,
    // 35 right of it; Black's 6 and 15 are one a side.
    let geometry = common::geometry("draughts");
    let layout = FeatureLayout::of(&geometry);
    let balance = (layout.offset("terms") + Term::Balance as usize) as u32;
    let any = AnyBoard::new(geometry);
    with_board!(&any, b => {
        let learned = Learned::new(b, &weights(b.geometry(), 100.0, |_| 0.0));
        let mut listed = Vec::new();
        for (text, expected) in [
            ("W:W31,36:B6,15", 2),
            ("W:W31,35,36:B6,15", 1),
            ("W:W31,35:B6,7,8", -3),
        ] {
            let pos = b.parse_position(text).expect("a position");
            learned.features().features(b, &pos, &mut listed);
            let value = listed.iter().find(|&&(i, _)| i == balance).map_or(0, |&(_, v)| v);
            assert_eq!(value, expected, "{text}");
        }
    });
}

#[test]
fn cells_a_symmetry_of_the_men_exchanges_share_their_weights() {
    // Hexbushka's left-right reflection keeps both sides' men: a man's cell weight is
    // its class's, so reflected cells read one weight.
    let geometry = common::geometry("hexbushka");
    let layout = FeatureLayout::of(&geometry);
    let maps = geometry.symmetries(bushka_geometry::ByColour::new(true, false));
    assert_eq!(maps.len(), 2);
    let reflect = &maps[1];
    for colour in Colour::BOTH {
        for c in geometry.cells() {
            let index = &layout.cell_index[colour];
            assert_eq!(index[c.index()], index[reflect[c.index()].index()]);
        }
    }
    assert!(layout.cells < geometry.cell_count());
}

/// `pos` with about one man in four of each colour crowned (seeded).
fn with_kings<B: Bits>(board: &Board<B>, pos: &Position<B>, seed: u64) -> Position<B> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut setup = Setup::of(board, pos);
    for colour in Colour::BOTH {
        let (crowned, men) = setup.men[colour]
            .iter()
            .partition(|_| rng.random_range(0..4) == 0);
        setup.men[colour] = men;
        setup.kings[colour].extend::<Vec<Cell>>(crowned);
    }
    setup
        .validate(board)
        .expect("crowning men keeps a position valid")
}

/// The front and back pattern features of `pos`, read cell by cell from the
/// geometry as the weights file's layout describes them: per man, each slot's
/// neighbour along the slot's forward direction (off the board, empty, own man, own
/// king, their man, their king) and along its opposite (off, empty, own, theirs),
/// the first slot most significant, slots a colour lacks reading as off the board.
fn naive_patterns<B: Bits>(board: &Board<B>, pos: &Position<B>) -> BTreeMap<u32, i32> {
    let geometry = board.geometry();
    let layout = FeatureLayout::of(geometry);
    let setup = Setup::of(board, pos);
    let piece = |cell: Cell| {
        Colour::BOTH.into_iter().find_map(|c| {
            if setup.men[c].contains(&cell) {
                Some((c, false))
            } else if setup.kings[c].contains(&cell) {
                Some((c, true))
            } else {
                None
            }
        })
    };
    let (front_at, back_at) = (layout.offset("front"), layout.offset("back"));
    let slots = layout.slots as u32;
    let mut out = BTreeMap::new();
    for colour in Colour::BOTH {
        let sign = if colour == Colour::White { 1 } else { -1 };
        let dirs = &layout.front[colour];
        for &man in &setup.men[colour] {
            let (mut ahead, mut behind) = (0, 0);
            for k in 0..layout.slots {
                let (front, back) = match dirs.get(k) {
                    None => (0, 0),
                    Some(&d) => {
                        let state = |n: Option<Cell>| match n.map(|n| (n, piece(n))) {
                            None => (0, 0),
                            Some((_, None)) => (1, 1),
                            Some((_, Some((c, king)))) if c == colour => (2 + usize::from(king), 2),
                            Some((_, Some((_, king)))) => (4 + usize::from(king), 3),
                        };
                        (
                            state(geometry.neighbour(man, d)).0,
                            state(geometry.neighbour(man, geometry.opposite(d))).1,
                        )
                    }
                };
                ahead = ahead * FRONT_STATES + front;
                behind = behind * BACK_STATES + back;
            }
            let rank = usize::from(layout.rank[colour][man.index()]);
            for index in [
                front_at + rank * FRONT_STATES.pow(slots) + ahead,
                back_at + rank * BACK_STATES.pow(slots) + behind,
            ] {
                *out.entry(index as u32).or_insert(0) += sign;
            }
        }
    }
    out.retain(|_, v| *v != 0);
    out
}

#[test]
fn patterns_read_each_mans_neighbours_as_the_geometry_links_them() {
    // Boards of every kind: diagonal and orthogonal men, hexagonal, a cylinder whose
    // steps wrap, boards whose men also step sideways or capture without jumping.
    for name in [
        "draughts",
        "checkers",
        "turkish",
        "bushka",
        "hexbushka",
        "bushka-cylinder",
        "breakthrough",
        "fanorona",
        "hexdame",
    ] {
        let geometry = common::geometry(name);
        let layout = FeatureLayout::of(&geometry);
        // The back patterns are the layout's last block.
        let patterns = layout.offset("front")..layout.len();
        let any = AnyBoard::new(geometry);
        with_board!(&any, b => {
            let learned = Learned::new(b, &random_weights(b.geometry(), 3));
            let mut listed = Vec::new();
            for (k, opening) in positions(b).iter().enumerate() {
                let pos = with_kings(b, opening, k as u64);
                learned.features().features(b, &pos, &mut listed);
                let read: BTreeMap<u32, i32> = listed
                    .iter()
                    .filter(|(i, _)| patterns.contains(&(*i as usize)))
                    .copied()
                    .collect();
                assert_eq!(read, naive_patterns(b, &pos), "{name}, position {k}");
            }
        });
    }
}
