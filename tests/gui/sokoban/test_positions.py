"""Snapshots (Ctrl+S, M) and replaying solutions with step controls, pressed through the real window."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from starpusher.gui import App
from starpusher.gui.launch import settings_from_store, settings_saver
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.positions import PositionsScene, SnapshotNameScene
from starpusher.gui.sokoban.replay import ReplayScene
from starpusher.levels import parse_collection
from starpusher.store import Store

CTRL = pygame.KMOD_LCTRL

#: "Two stars" with a solution in the file (a known solution), and a level with a wrong one.
LEVELS = """\
Two stars
#######
#.@$  #
# $   #
#.    #
#######
Solution: DrdLurruLL

Only a wrong solution
#######
#@ $ .#
#######
Solution: LLL
"""
KNOWN = "DrdLurruLL"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as opened:
        yield opened


@pytest.fixture
def window(store: Store) -> Iterator[App]:
    pygame.display.init()
    pygame.event.clear()
    app = App(
        parse_collection(LEVELS, "two.sok"),
        show_title=False,
        progress=store,
        settings=settings_from_store(store),
        save_settings=settings_saver(store),
        collection_name="two.sok",
    )
    app.settings.instant_moves = True
    app.run_until_idle()
    yield app
    app.close()


def positions_of(window: App) -> PositionsScene:
    """The list M opens (its positions and solutions), which the window must be showing."""
    assert isinstance(window.scene, PositionsScene)
    return window.scene


def type_text(pilot: Pilot, text: str) -> None:
    for char in text:
        pilot.press(pygame.key.key_code(char) if char != " " else pygame.K_SPACE, unicode=char)


def test_ctrl_s_keeps_a_named_snapshot_and_m_goes_back_to_it(window: App, store: Store) -> None:
    pilot = Pilot(window)
    play = pilot.play
    assert play.level.solutions[0] == KNOWN
    pilot.type_moves("Dl")
    pilot.press(pygame.K_s, CTRL)
    assert isinstance(window.scene, SnapshotNameScene)
    assert window.scene.text == "Snapshot 1"  # a default name, replaced by what is typed
    type_text(pilot, "left star done")
    pilot.press(pygame.K_RETURN)
    assert window.scene is play
    [kept] = store.snapshots(play.level)
    assert (kept.name, kept.history, kept.moves) == ("left star done", "Dl", "Dl")
    assert "left star done" in (window.status or "")

    pilot.type_moves("ur")
    pilot.press(pygame.K_m)
    assert isinstance(window.scene, PositionsScene)
    labels = [(entry.section, entry.label) for entry in positions_of(window).entries]
    assert labels[0] == ("Your snapshots", "left star done")
    assert ("Known solutions (from the file)", "Solution 1") in labels
    pilot.press(pygame.K_RETURN)  # the first line: the snapshot
    assert window.scene is play
    assert play.history.moves == "Dl"
    for _ in range(3):  # undo walks back to the game as it was
        pilot.press(pygame.K_z)
    assert play.history.moves == "Dlur"

    pilot.press(pygame.K_m)
    pilot.press(pygame.K_DELETE)  # forget the snapshot
    assert store.snapshots(play.level) == []
    assert positions_of(window).entries[0].label == "Solution 1"
    pilot.press(pygame.K_ESCAPE)
    assert window.scene is play


def test_a_known_solution_replays_with_step_controls_and_can_be_taken_over(window: App) -> None:
    pilot = Pilot(window)
    play = pilot.play
    pilot.type_moves("Dl")
    pilot.press(pygame.K_m)
    entries = positions_of(window).entries
    assert [entry.label for entry in entries] == ["Solution 1"]
    pilot.press(pygame.K_RETURN, settle=False)
    window.step(dt=1 / 60)
    replay = window.scene
    assert isinstance(replay, ReplayScene) and replay.total == len(KNOWN)
    assert replay.position <= 1 and replay.playing  # the replay is shown, playing from its start
    pilot.settle()  # it plays by itself to the end
    assert replay.position == replay.total and not replay.playing
    assert play.level.is_solved(replay.history.state)
    assert not play.solved  # watching a solution is not solving the level
    pilot.press(pygame.K_LEFT)
    assert replay.position == replay.total - 1
    pilot.press(pygame.K_HOME)
    assert replay.position == 0
    pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RIGHT)
    assert replay.history.moves == KNOWN[:2]
    speed = replay.speed
    pilot.press(pygame.K_RIGHTBRACKET)
    assert replay.speed > speed
    for _ in range(8):  # down to the slowest, said in the singular
        pilot.press(pygame.K_LEFTBRACKET)
    assert replay.speed == 1 and window.status == "Replay at 1 move a second."
    pilot.press(pygame.K_RIGHTBRACKET)
    assert window.status == "Replay at 2 moves a second."
    pilot.press(pygame.K_SPACE, settle=False)  # play on from move 2, then pause soon after
    window.step(dt=1 / 60)
    assert replay.playing
    pilot.press(pygame.K_SPACE, settle=False)
    window.step(dt=1 / 60)
    assert not replay.playing and 2 < replay.position < replay.total
    at = replay.position
    pilot.press(pygame.K_RETURN)  # the player goes on from here
    assert window.scene is play
    assert play.history.moves == KNOWN[:at]
    for _ in range(at + 1):
        pilot.press(pygame.K_z)
    assert play.history.moves == "Dl"  # the game from before, one restart back


def test_esc_leaves_a_replay_and_the_game_is_as_it_was(window: App, store: Store) -> None:
    pilot = Pilot(window)
    play = pilot.play
    pilot.type_moves("Dlu")
    before = play.history.to_text()
    play.start_replay(KNOWN, "Solution 1")
    pilot.settle()
    assert store.load_game(play.level) == before  # the replay never overwrote the saved game
    assert isinstance(window.scene, ReplayScene)
    pilot.press(pygame.K_ESCAPE)
    assert window.scene is play and play.history.to_text() == before


def test_your_own_best_solution_is_listed_and_a_wrong_known_one_is_left_out(window: App) -> None:
    pilot = Pilot(window)
    pilot.type_moves(KNOWN)
    assert pilot.play.solved
    pilot.press(pygame.K_m)  # M still works on the "Solved!" screen
    sections = {entry.section: entry for entry in positions_of(window).entries}
    assert sections["Your solutions"].text == KNOWN
    assert "also yours" in sections["Known solutions (from the file)"].detail
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_n)
    pilot.press(pygame.K_m)
    assert positions_of(window).entries == []  # "LLL" does not solve it: not offered


def test_a_known_solution_taken_over_and_finished_is_solved_with_help(window: App, store: Store) -> None:
    pilot = Pilot(window)
    play = pilot.play
    play.start_replay(KNOWN, "Solution 1", helped=True)
    pilot.press(pygame.K_HOME)
    for _ in range(len(KNOWN) - 1):
        pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RETURN)  # take over one move before the end
    pilot.type_moves(KNOWN[-1])
    assert play.solved
    progress = store.progress(play.level)
    assert progress.helped and not progress.solved and progress.best_moves is None


def test_your_own_solution_taken_over_and_finished_is_yours(window: App, store: Store) -> None:
    pilot = Pilot(window)
    play = pilot.play
    pilot.type_moves(KNOWN)
    pilot.press(pygame.K_r)  # restart, then replay the player's own best from the list
    pilot.press(pygame.K_m)
    own = next(entry for entry in positions_of(window).entries if entry.section == "Your solutions")
    assert own.own
    known = next(entry for entry in positions_of(window).entries if entry.section.startswith("Known"))
    assert known.own  # the file's solution is the player's too
    pilot.press(pygame.K_RETURN)  # the first line: the player's best
    pilot.press(pygame.K_HOME)
    for _ in range(len(KNOWN) - 1):
        pilot.press(pygame.K_RIGHT)
    pilot.press(pygame.K_RETURN)
    pilot.type_moves(KNOWN[-1])
    progress = store.progress(play.level)
    assert play.solved and progress.solved and not progress.helped


def test_s_makes_a_solution_shorter_and_keeps_it_as_known(window: App, store: Store) -> None:
    pilot = Pilot(window)
    play = pilot.play
    yours = KNOWN[:1] + "lr" + KNOWN[1:]  # the file's solution with a detour on the way
    pilot.type_moves(yours)
    assert play.solved and play.history.moves == yours
    pilot.press(pygame.K_m)
    assert positions_of(window).entries[0].label == "Your best, fewest moves"
    pilot.press(pygame.K_s)  # your solution, made shorter by pushes first
    panel = window.scene
    assert isinstance(panel, PositionsScene)
    while panel.shortening is not None:  # the window keeps turning while it works
        window.step(dt=1 / 60)
    assert (window.status or "").startswith("Shorter: 4 pushes, 10 moves (was 4 pushes, 12 moves)")
    chosen = panel.entries[panel.chosen]
    assert chosen.section == "Known solutions (made shorter)" and not chosen.own
    known = store.known_solutions(play.level)
    assert known.by_pushes is not None and known.by_pushes.lurd == chosen.text and known.by_pushes.optimal
    best = store.progress(play.level).best_moves
    assert best is not None and best.lurd == yours  # your own best stays yours, as it was
    pilot.press(pygame.K_ESCAPE)
    pilot.press(pygame.K_BACKSPACE)  # restart
    assert window.scene is play and play.history.moves == ""
    pilot.press(pygame.K_h, pygame.KMOD_LSHIFT)  # Shift+H plays the solution made shorter, no search
    pilot.settle()
    assert play.solved and play.history.moves == chosen.text


def test_esc_stops_making_it_shorter_and_keeps_the_best_so_far(
    window: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpusher.optimize import Optimizing

    def slow(self: Optimizing, time_limit: float, cancel: threading.Event | None = None) -> object:
        assert cancel is not None and cancel.wait(30)  # as a long search would, until stopped
        return self.result()

    monkeypatch.setattr(Optimizing, "run", slow)
    pilot = Pilot(window)
    pilot.press(pygame.K_m)
    pilot.press(pygame.K_s, settle=False)
    window.step(dt=1 / 60)
    panel = window.scene
    assert isinstance(panel, PositionsScene) and panel.shortening is not None
    assert "Making it shorter: 4 pushes, 10 moves" in " ".join(window.tasks.running_names())
    pilot.press(pygame.K_ESCAPE)  # the first Esc stops it, the panel stays
    assert window.scene is panel and panel.shortening is None
    assert (window.status or "").startswith("No shorter solution found")
    pilot.press(pygame.K_ESCAPE)
    assert window.scene is pilot.play


def test_s_on_a_snapshot_says_it_is_not_a_solution(window: App, store: Store) -> None:
    pilot = Pilot(window)
    store.save_snapshot(pilot.play.level, "here", "D")
    pilot.press(pygame.K_m)
    pilot.press(pygame.K_s)
    assert positions_of(window).shortening is None
    assert "snapshots are not solutions" in (window.status or "")


def test_a_damaged_known_solution_is_left_out_and_the_level_opens(window: App, store: Store) -> None:
    """A bad letter in a known solution used to stop the window whenever its level opened."""
    corridor = window.collection.levels[1]
    store.keep_known_solution(corridor, "rRR")
    db = sqlite3.connect(store.path)
    db.execute("UPDATE known_solutions SET lurd = lurd || 'M'")
    db.commit()
    db.close()
    pilot = Pilot(window)
    pilot.press(pygame.K_n)
    assert pilot.play.level == corridor
    assert window.status == (
        "The known solution kept in progress.sqlite is left out: 'M' is not a move (expected LURD letters)"
    )
    pilot.press(pygame.K_m)
    assert isinstance(window.scene, PositionsScene)
    assert not any(entry.section == "Known solutions (made shorter)" for entry in window.scene.entries)


def drawn_texts(window: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts one frame of the window draws."""
    from starpusher.gui.kit.text import WRITER

    drawn: list[str] = []
    original = WRITER.draw

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(WRITER, "draw", record)
    window.draw()
    monkeypatch.undo()
    return drawn


def test_the_lists_counts_and_the_optimizers_progress_are_drawn_whole_at_640x480(
    window: App, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36: "(fewest pushes po…" and "Making it shorter: …11 s…" were cut; "1 pushes" said."""
    from starpusher.optimize import Optimizing

    def slow(self: Optimizing, time_limit: float, cancel: threading.Event | None = None) -> object:
        assert cancel is not None and cancel.wait(30)
        return self.result()

    monkeypatch.setattr(Optimizing, "run", slow)
    pilot = Pilot(window)
    pilot.resize((640, 480))
    store.keep_known_solution(pilot.play.level, KNOWN, optimal_by="pushes")
    pilot.press(pygame.K_m)
    drawn = drawn_texts(window, monkeypatch)
    assert not [text for text in drawn if text.endswith("…")]
    assert any(text.endswith("(fewest pushes possible)") for text in drawn)
    pilot.press(pygame.K_s, settle=False)
    window.step(dt=1 / 60)
    drawn = drawn_texts(window, monkeypatch)
    progress = " ".join(drawn)
    assert "Making it shorter: 4 pushes, 10 moves" in progress and " s   S or Esc: stop" in progress
    assert not [text for text in drawn if text.endswith("…")]
    assert "1 pushes" not in progress
    pilot.press(pygame.K_ESCAPE)


def test_o_sets_make_it_shorter_which_uses_and_remembers_the_settings(
    window: App, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36: the optimizer's time, metric and vicinity, as YASC has them, set in the M list."""
    from starpusher.gui.sokoban.shorter_settings import ShorterSettingsScene
    from starpusher.gui.sokoban.window import StarPusherSettings
    from starpusher.optimize import Metric, Optimizing
    from starpusher.session.shorter import ShorterSettings

    asked: list[tuple[float, Metric, int]] = []

    def watched(self: Optimizing, time_limit: float, cancel: threading.Event | None = None) -> object:
        asked.append((time_limit, self.metric, self.stars_off))
        return self.result()

    monkeypatch.setattr(Optimizing, "run", watched)
    pilot = Pilot(window)
    pilot.press(pygame.K_m)
    pilot.press(pygame.K_o)
    assert isinstance(window.scene, ShorterSettingsScene)
    pilot.press(pygame.K_RIGHT)  # time: 30 s -> 1 min
    pilot.press(pygame.K_DOWN)
    pilot.press(pygame.K_RIGHT)  # fewest moves first
    pilot.press(pygame.K_DOWN)
    pilot.press(pygame.K_LEFT)  # vicinity: 3 stars off -> 2
    wanted = ShorterSettings(seconds=60, metric=Metric.MOVES, stars_off=2)
    assert window.settings.of(StarPusherSettings).shorter == wanted
    pilot.press(pygame.K_RETURN)
    assert isinstance(window.scene, PositionsScene)
    pilot.press(pygame.K_s)  # the file's solution, made shorter as set
    while positions_of(window).shortening is not None:
        window.step(dt=1 / 60)
    assert asked == [(60, Metric.MOVES, 2)]
    assert window.status == "No shorter solution found in 0 s (10 moves, 4 pushes)."  # moves first
    # Remembered: the store has them, and the next window starts with them.
    assert settings_from_store(store).of(StarPusherSettings).shorter == wanted


def test_a_bad_stored_optimizer_setting_reads_as_its_default(store: Store) -> None:
    from starpusher.gui.sokoban.window import StarPusherSettings
    from starpusher.session.shorter import ShorterSettings

    db = sqlite3.connect(store.path)
    db.execute(
        "INSERT INTO settings VALUES ('shorter_seconds', '\"forever\"'), ('shorter_metric', '\"boxes\"'),"
        " ('shorter_stars_off', '40')"
    )
    db.commit()
    db.close()
    assert settings_from_store(store).of(StarPusherSettings).shorter == ShorterSettings()


def test_the_optimizer_settings_are_drawn_whole_at_640x480(
    window: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    pilot = Pilot(window)
    pilot.resize((640, 480))
    pilot.press(pygame.K_m)
    pilot.press(pygame.K_o)
    drawn = drawn_texts(window, monkeypatch)
    assert "<  up to 3 stars off the solution  >" in drawn and "<  30 s  >" in drawn
    assert not [text for text in drawn if text.endswith("…")]
