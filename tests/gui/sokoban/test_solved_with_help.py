"""Shift+H solves are kept as "solved with help": shown apart, never a best score, never unlocking."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from starpusher.gui import App, Settings, StarPusherSettings
from starpusher.gui.sokoban.pilot import Pilot
from starpusher.gui.sokoban.select import LevelSelectScene
from starpusher.levels import Collection
from starpusher.session.guarded_store import GuardedStore
from starpusher.store import Store

SHIFT = pygame.KMOD_SHIFT


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path) as opened:
        yield opened


@pytest.fixture
def window(collection: Collection, store: Store) -> Iterator[App]:
    pygame.display.init()
    pygame.event.clear()
    app = App(
        collection,
        progress=GuardedStore(store),
        show_title=False,
        settings=Settings(
            window_size=(800, 600), instant_moves=True, games=[StarPusherSettings(unlock_one_by_one=True)]
        ),
    )
    app.run_until_idle()
    yield app
    app.close()
    pygame.display.quit()


def test_a_solve_by_the_solver_is_kept_apart_and_opens_nothing(window: App, store: Store) -> None:
    pilot = Pilot(window)
    play = pilot.play
    level = play.level
    pilot.press(pygame.K_h, SHIFT)
    assert play.solved
    assert (window.status or "").startswith("Solved with help")
    progress = store.progress(level)
    assert progress.helped and not progress.solved
    assert progress.best_moves is None and progress.best_pushes is None
    assert play.session.record.helped
    pilot.press(pygame.K_SPACE, unicode=" ")  # "any key: next level", but level 2 is still locked
    assert play.index == 0 and "locked" in (window.status or "")
    pilot.press(pygame.K_l)
    select = window.scene
    assert isinstance(select, LevelSelectScene)
    assert select.records[0].helped and not select.records[0].solved
    assert select.open_levels[:2] == [True, False]


def test_the_solvers_moves_undone_and_the_level_solved_by_hand_count_as_the_players(
    window: App, store: Store
) -> None:
    pilot = Pilot(window)
    play = pilot.play
    pilot.press(pygame.K_h, SHIFT)
    assert play.solved
    pilot.press(pygame.K_BACKSPACE)  # restart: the solver's moves are undone
    pilot.type_moves("rrr")
    assert play.solved
    progress = store.progress(play.level)
    assert progress.solved and progress.best_moves is not None and progress.best_moves.moves == 3
    assert progress.helped  # the earlier helped solve stays recorded as such


def test_redoing_the_solvers_moves_is_still_solved_with_help(window: App, store: Store) -> None:
    pilot = Pilot(window)
    play = pilot.play
    pilot.press(pygame.K_h, SHIFT)
    played = len(play.history.moves)
    for _ in range(played):
        pilot.press(pygame.K_z)
    for _ in range(played):
        pilot.press(pygame.K_x)
    assert play.solved
    assert not store.is_solved(play.level)


def test_a_hint_followed_by_the_players_own_push_is_the_players_solve(window: App, store: Store) -> None:
    pilot = Pilot(window)
    play = pilot.play
    pilot.press(pygame.K_h)  # a hint is not the solver playing
    pilot.type_moves("rrr")
    assert store.is_solved(play.level)
