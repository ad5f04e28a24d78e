"""Make it shorter, and Shift+H's shorter solutions, through the session alone (no window)."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from session_helpers import Tasks, Voice

from starpusher.core import Level, State
from starpusher.optimize import Metric, Optimized, optimize
from starpusher.session import MemoryProgress, PlaySession, assist, shorter
from starpusher.session.positions import MADE_SHORTER, list_entries
from starpusher.store import DATABASE_NAME, Store

#: A room: the star may be pushed to and fro; three pushes right solve it.
ROOM = Level.from_text(
    """
#######
#     #
#@$  .#
#     #
#######
"""
)
DETOUR = "RurrdLulldRRR"  # five pushes where three do


def test_a_solution_made_shorter_is_kept_as_known_and_listed(
    voice: Voice, tasks: Tasks, tmp_path: Path
) -> None:
    with Store.open(tmp_path) as store:
        game = PlaySession(ROOM, store, say=voice, tasks=tasks)
        finished: list[Optimized] = []
        shortening = shorter.Shortening(game, DETOUR, shorter.ShorterSettings(), finished.append)
        assert tasks.running_names()[0].startswith("Making it shorter: ")  # and the counts so far
        tasks.answer()
        assert finished and finished[0].moves == "RRR" and not shortening.running
        assert voice.last == (
            "Shorter: 3 pushes, 3 moves (was 5 pushes, 13 moves); no solution has fewer pushes."
            " Kept among the known solutions (M)."
        )
        known = store.known_solutions(ROOM)
        assert known.by_pushes is not None and known.by_pushes.lurd == "RRR" and known.by_pushes.optimal
        assert not store.progress(ROOM).solved  # never the player's own
        [entry] = [entry for entry in list_entries(game) if entry.section == MADE_SHORTER]
        assert (entry.label, entry.text, entry.own) == ("Fewest moves and pushes known", "RRR", False)
        assert entry.detail == "3 moves, 3 pushes   (fewest pushes possible)"


def test_stopped_it_keeps_the_best_found_so_far(
    voice: Voice, tasks: Tasks, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpusher.levels import load_builtin
    from starpusher.solver import solve

    level = load_builtin("starpusher").levels[174]  # far too big to finish
    moves = solve(level, time_limit=30).moves
    progress = MemoryProgress()
    game = PlaySession(level, progress, say=voice, tasks=tasks)
    finished: list[Optimized] = []
    shortening = shorter.Shortening(game, moves, shorter.ShorterSettings(), finished.append)
    waited = time.monotonic()
    while shortening.optimizing.pushes == sum(letter.isupper() for letter in moves):
        time.sleep(0.01)  # until it has found something shorter
        assert time.monotonic() - waited < 20
    shortening.stop()
    assert finished and finished[0].improved and not shortening.running
    assert voice.last.startswith("Shorter: ") and voice.last.endswith("Kept among the known solutions (M).")
    assert progress.known_solutions(level).by_pushes is not None
    tasks.answer()  # the work ends too, and says nothing more
    assert len(finished) == 1


def test_nothing_shorter_is_said_and_nothing_kept(voice: Voice, tasks: Tasks) -> None:
    progress = MemoryProgress()
    game = PlaySession(ROOM, progress, say=voice, tasks=tasks)
    shorter.Shortening(game, "RRR", shorter.ShorterSettings(metric=Metric.MOVES), lambda result: None)
    tasks.answer()
    assert voice.last == "Already the fewest moves: 3 moves, 3 pushes, proven."
    assert progress.known_solutions(ROOM).by_moves is None


def test_shift_h_plays_a_known_solution_made_shorter_before(voice: Voice, tasks: Tasks) -> None:
    progress = MemoryProgress()
    progress.keep_known_solution(ROOM, "RRR", optimal_by="pushes")
    game = PlaySession(ROOM, progress, say=voice, tasks=tasks)
    game.play_solution()
    assert not game.assistant.searching  # no search: it is known
    game.play_queued(all_of_them=True)
    assert game.solved and game.moves == "RRR"


def test_shift_h_plays_the_solvers_solution_made_shorter(
    voice: Voice, tasks: Tasks, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[State, str]] = []

    def watched(level: Level, moves: str, metric: Metric = Metric.PUSHES, **limits: Any) -> Optimized:
        seen.append((level.start, moves))
        return optimize(level, moves, metric, **limits)

    monkeypatch.setattr(assist, "optimize", watched)
    game = PlaySession(ROOM, MemoryProgress(), say=voice, tasks=tasks)
    game.walk("u")
    game.play_queued(all_of_them=True)
    game.play_solution()
    tasks.answer()
    game.play_queued(all_of_them=True)
    assert game.solved and game.solved_with_help()
    [(start, _)] = seen
    assert start.player == ROOM.index(1, 1)  # made shorter from where the game was
    assert game.moves == "udRRR"


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        ("lurd || 'M'", "'M' is not a move (expected LURD letters)"),
        ("'uuu' || lurd", "move 2 ('u'): cannot move up: a wall is in the way"),
    ],
)
def test_a_damaged_known_solution_never_stops_the_level_opening(
    voice: Voice, tasks: Tasks, tmp_path: Path, damage: str, why: str
) -> None:
    """A bad letter used to raise ``ValueError: not a direction letter`` whenever the level opened."""
    with Store.open(tmp_path) as store:
        store.keep_known_solution(ROOM, "RRR")
    db = sqlite3.connect(tmp_path / DATABASE_NAME)
    db.execute(f"UPDATE known_solutions SET lurd = {damage}")
    db.commit()
    db.close()
    with Store.open(tmp_path) as store:
        game = PlaySession(ROOM, store, say=voice, tasks=tasks)
        assert game.known_left_out == f"the known solution kept in progress.sqlite is left out: {why}"
        assert [entry for entry in list_entries(game) if entry.section == MADE_SHORTER] == []
        for letter in "RRR":  # the level plays as ever
            game.walk(letter)
        game.play_queued(all_of_them=True)
        assert game.solved


def test_fewer_pushes_for_more_moves_is_kept_by_pushes_only(
    voice: Voice, tasks: Tasks, tmp_path: Path
) -> None:
    """A push-optimized result of 868 moves was kept as the shortest by moves, made from one of 818."""
    trade_off = Level.from_text("######\n#   ##\n#  $@#\n#   .#\n######")
    with Store.open(tmp_path) as store:
        game = PlaySession(trade_off, store, say=voice, tasks=tasks)
        made_from = "LulDldRR"  # 8 moves, 4 pushes
        shorter.Shortening(game, made_from, shorter.ShorterSettings(), lambda result: None)
        tasks.answer()
        known = store.known_solutions(trade_off)
    assert known.by_pushes is not None and (known.by_pushes.moves, known.by_pushes.pushes) == (10, 2)
    assert known.by_moves is None  # 10 moves is no shorter than the 8 it was made from


def test_the_settings_say_how_long_for_what_and_how_wide_the_optimizer_looks(
    voice: Voice, tasks: Tasks, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpusher.optimize import Optimizing

    asked: list[tuple[float, Metric, int]] = []

    def watched(self: Optimizing, time_limit: float, cancel: Any = None) -> Optimized:
        asked.append((time_limit, self.metric, self.stars_off))
        return self.result()

    monkeypatch.setattr(Optimizing, "run", watched)
    game = PlaySession(ROOM, MemoryProgress(), say=voice, tasks=tasks)
    settings = shorter.ShorterSettings(seconds=120, metric=Metric.MOVES, stars_off=1)
    shortening = shorter.Shortening(game, DETOUR, settings, lambda result: None)
    assert shortening.progress().endswith(" of 2 min")
    tasks.answer()
    assert asked == [(120, Metric.MOVES, 1)]


def test_each_setting_steps_through_its_choices_and_stays_at_the_ends() -> None:
    settings = shorter.ShorterSettings()
    assert settings.describe() == [
        ("Time", "30 s"),
        ("Fewest", "pushes, then moves"),
        ("Vicinity", "up to 3 stars off the solution"),
    ]
    assert settings.changed(0, 1).seconds == 60 and settings.changed(0, -1).seconds == 10
    assert settings.changed(0, -1).changed(0, -1).seconds == 10  # the shortest stays
    assert settings.changed(1, 1).metric is Metric.MOVES and settings.changed(1, -1).metric is Metric.MOVES
    assert settings.changed(2, 1).stars_off == 4 and settings.changed(2, -1).stars_off == 2
    assert shorter.ShorterSettings(seconds=45).changed(0, 1).seconds == 60  # set by hand: the next choice
    assert shorter.ShorterSettings(seconds=45).changed(0, -1).seconds == 30
    assert shorter.ShorterSettings(seconds=600).changed(0, 1).describe()[0] == ("Time", "10 min")
    assert shorter.ShorterSettings(stars_off=1).describe()[2] == ("Vicinity", "up to 1 star off the solution")
