#!/usr/bin/env python3
"""Turkish draughts positions and their legal moves, as kish (PyPI `kish`) sees them.

Usage: kish_turkish.py GAMES SEED [PLIES]

Plays GAMES random games of Turkish draughts with kish's own move generator (choices
drawn from Python's random with SEED), each for at most PLIES plies (default 200), and
prints one line per position reached:

    POSITION<TAB>MOVE MOVE ...

POSITION is bushka's position string for the `turkish` variant (`W:Wa2,b2,Kd4:Bc7`:
side to move, then each colour's cells, kings marked K); each MOVE is a move's identity
as crates/rules/RULES.md defines it, origin, destination and the set of cells captured
(`d4-d6`, `d4-d8xd5,d7`, captured cells sorted), kish's moves collapsed to identities
(two routes that take the same pieces to the same square are one move). The start
position's perft to depth 5, collapsed the same way at every node, is printed last as
`perft D N` lines. Exits 1 on a usage error.
"""
import random
import sys

import kish


def name(square) -> str:
    return square.notation().lower()


def identity(action) -> str:
    text = f"{name(action.source())}-{name(action.destination())}"
    captured = sorted(name(s) for s in action.captured_pieces())
    if captured:
        text += "x" + ",".join(captured)
    return text


def position(board) -> str:
    kings = {name(s) for s in board.kings()}

    def cells(squares) -> str:
        return ",".join(("K" if name(s) in kings else "") + name(s) for s in squares)

    side = "W" if board.turn == kish.Team.White else "B"
    return f"{side}:W{cells(board.white_pieces())}:B{cells(board.black_pieces())}"


def distinct(board):
    """The board's actions, one per identity."""
    seen = {}
    for action in board.actions():
        seen.setdefault(identity(action), action)
    return seen


def perft(board, depth: int) -> int:
    moves = distinct(board)
    if depth == 1:
        return len(moves)
    return sum(perft(board.apply(a), depth - 1) for a in moves.values())


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 1
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    plies = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    rng = random.Random(seed)
    for _ in range(games):
        board = kish.Board()
        for _ in range(plies):
            moves = distinct(board)
            print(f"{position(board)}\t{' '.join(sorted(moves))}")
            if not moves or board.status().is_over():
                break
            board = board.apply(moves[rng.choice(sorted(moves))])
    start = kish.Board()
    for depth in range(1, 6):
        print(f"perft {depth} {perft(start, depth)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
