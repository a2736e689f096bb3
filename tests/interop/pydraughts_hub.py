#!/usr/bin/env python3
"""pydraughts' Hub client (PyPI `pydraughts`, import `draughts`) drives `bushka hub`.

Usage: pydraughts_hub.py BUSHKA_BINARY [PLIES]

bushka plays both sides of a game of International draughts at 0.05 s a move, for
PLIES plies (default 400) or to the end. pydraughts judges every move: it must be one of
its legal moves. Prints each move and the end; exits 1 on any failure.
"""
import sys

from draughts import Board
from draughts.engine import HubEngine, Limit


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 1
    binary = sys.argv[1]
    plies = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    engine = HubEngine([binary, "hub"])
    print("id:", engine.id, "variants:", engine.variants)
    engine.configure({"hash": 16})
    engine.init()
    board = Board(variant="standard")
    try:
        for _ in range(plies):
            if board.is_over():
                break
            legal = {move.hub_move for move in board.legal_moves()}
            result = engine.play(board, Limit(movetime=0.05), ponder=False)
            if result.move is None or result.move.hub_move not in legal:
                print("not a legal move:", result.move, file=sys.stderr)
                return 1
            board.push(result.move)
        moves = [move.hub_move for move in board.move_stack]
        print("plies:", len(moves))
        print("moves:", " ".join(moves))
        print("over:", board.is_over(), "winner:", board.winner())
    finally:
        engine.quit()
        engine.kill_process()
    return 0


if __name__ == "__main__":
    sys.exit(main())
