"""The level editor's screen: a palette, the board drawn as in play, and what is known about it.

The model is an :class:`~starpusher.editing.EditSession`; this scene turns
mouse and keys into edits and draws. A drag shows its stroke as it goes and
becomes one edit (one undo) when the button is let go. After each pause in
editing the sketch is checked; a sketch that is a level goes to the solver
in a child process, cancelled by the next edit, so drawing never waits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from ...core import Level, StarPusherError
from ...editing import (
    MY_LEVELS_TITLE,
    EditSession,
    Judging,
    Origin,
    Piece,
    Problem,
    Sketch,
    Verdict,
    add_level,
    line,
    rectangle,
    replace_level,
)
from ...editing.sketch import (
    MIRROR_LEFT_RIGHT,
    MIRROR_TOP_BOTTOM,
    ROTATE_LEFT,
    ROTATE_RIGHT,
    Square,
    Symmetry,
)
from ...levels import read_collection
from ...solver import dead_squares
from ...store import Solution
from ..kit.help import HelpOverlay
from ..kit.layout import SKY, draw_bars, view_rect
from ..kit.tasks import Task
from ..kit.text import WRITER, panel
from ..kit.window import Scene
from ..sokoban.art import TILES, Geometry, Tile
from ..sokoban.play import PlayScene, open_collection
from ..sokoban.window import StarPusherWindow
from .dialogs import Answer, ChoiceOverlay, TextPrompt
from .drafts import Drafts
from .keys import KEY_MAP, MOUSE_HELP, PALETTE, PIECE_KEYS
from .picture import SketchPicture, draw_edge, draw_grid, face, mark_squares
from .testplay import TestPlayScene

#: Seconds without an edit before the sketch is checked and sent to the solver.
CHECK_PAUSE = 0.35
#: Seconds between two writes of the draft to the store while drawing.
DRAFT_SECONDS = 2.0
#: Largest tile width when a small board fills a big window.
MAX_TILE = 72
MIN_TILE = 10
PALETTE_WIDTH = 92
MESSAGE_HEIGHT = 66
TASK_NAME = "Solving your level"
#: The turn or mirror each action makes of the board.
TRANSFORMS = {
    "rotate": ROTATE_RIGHT,
    "rotate_back": ROTATE_LEFT,
    "mirror": MIRROR_LEFT_RIGHT,
    "mirror_top_bottom": MIRROR_TOP_BOTTOM,
}
#: Verdicts kept for boards seen before (undo brings them back at once).
VERDICTS_KEPT = 64


@dataclass
class Stroke:
    """A drag in progress: the squares it paints so far, and with what."""

    piece: Piece
    #: "line" (the path of the mouse), "outline" or "box" (a rectangle from the first square).
    shape: str
    start: Square
    squares: list[Square] = field(default_factory=list)

    def extend(self, square: Square) -> None:
        if self.shape == "line" and self.squares:
            # The mouse may skip squares between two events: the line between them fills the gap.
            self.squares.extend(list(line(self.squares[-1], square))[1:])
        elif self.shape == "line":
            self.squares.append(square)
        else:
            self.squares = rectangle(self.start, square, filled=self.shape == "box")


class EditorScene(Scene):
    """Draw a level, see at once whether it works, play it, keep it."""

    app: StarPusherWindow
    key_map = KEY_MAP
    mouse_help = MOUSE_HELP
    #: What works out verdicts (a child process; ``bench/bench_editor.py`` compares a thread).
    verdict_worker: type[Judging] = Judging

    def __init__(self, app: StarPusherWindow, session: EditSession | None = None) -> None:
        super().__init__(app)
        self.session = session or EditSession()
        self.drafts = Drafts(app.progress)
        self.piece = Piece.WALL
        self.filling = False
        self.show_grid = True
        self.stroke: Stroke | None = None
        self.hover: Square | None = None
        #: The sketch whose problems and verdict are shown, and those problems.
        self.checked: Sketch | None = None
        self.problems: list[Problem] = []
        self.verdicts: dict[Sketch, Verdict] = {}
        #: Per sketch judged, the solutions the store knew of its level, and the fewest pushes proven.
        self.known: dict[Sketch, tuple[list[Solution], int | None]] = {}
        self._judging: Task | None = None
        self._pause = 0.0
        self._draft_due: float | None = 0.0 if self.session.unsaved else None
        self._picture: tuple[tuple[Sketch, bool], frozenset[int], SketchPicture] | None = None
        self._dead: tuple[Sketch, frozenset[int]] | None = None
        #: The layout a drag began with, and the board area it was worked out for.
        self._frozen: tuple[pygame.Rect, tuple[tuple[int, int], Geometry]] | None = None
        #: The file and level number saved last: play reopens it when it is the collection played.
        self._saved_into: tuple[Path, int] | None = None
        #: The question Ctrl+Q asked, while it is open.
        self._quit_question: ChoiceOverlay | None = None

    # -- the sketch ----------------------------------------------------------------

    @property
    def sketch(self) -> Sketch:
        return self.session.sketch

    def commit(self, sketch: Sketch, what: str) -> None:
        """One edit: recorded for undo, and the checks start again after a pause."""
        if self.session.edit(sketch, what):
            self.changed()

    def changed(self) -> None:
        """The sketch changed (an edit, undo, redo): what was known about it is stale."""
        self._cancel_judging()
        self._pause = CHECK_PAUSE
        if self._draft_due is None:
            self._draft_due = DRAFT_SECONDS
        self.app.dirty = True

    def transform(self, symmetry: Symmetry) -> None:
        self.commit(self.sketch.transformed(symmetry), symmetry.name)
        self.app.say(f"The level is {symmetry.name}.", 2)

    def action_undo(self) -> None:
        if self.session.undo():
            self.changed()
        else:
            self.app.say("Nothing to undo.", 2)

    def action_redo(self) -> None:
        if self.session.redo():
            self.changed()
        else:
            self.app.say("Nothing to redo.", 2)

    # -- keys ----------------------------------------------------------------

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        if self.stroke is not None and action != "back":
            return  # keys wait until the drag ends
        if action == "choose_piece":
            self.choose(PIECE_KEYS.get(event.key, self.piece))
            return
        super().key(action, event)

    def act(self, action: str) -> None:
        """The four turns and mirrors are one verb with a way each; the rest are ``action_<name>``."""
        if action in TRANSFORMS:
            self.transform(TRANSFORMS[action])
        else:
            super().act(action)

    def action_crop(self) -> None:
        self.commit(self.sketch.crop(), "crop")

    def action_clear(self) -> None:
        self.commit(self.sketch.cleared(), "clear")

    def action_flat_view(self) -> None:
        """F, as in play: the same setting, so play and the editor show the same view."""
        self.app.toggle_flat_view()

    def action_save(self) -> None:
        self.ask_save()

    def action_help(self) -> None:
        self.app.push(HelpOverlay(self.app))

    def choose(self, piece: Piece) -> None:
        self.piece = piece
        self.app.say(f"{'Fill' if self.filling else 'Paint'} with {piece.label}.", 1.5)

    def action_fill_tool(self) -> None:
        self.filling = not self.filling
        if self.filling:
            self.app.say(f"Fill tool: a click fills an area with {self.piece.label}. B again to paint.", 3)
        else:
            self.app.say("Paint tool: click or drag to paint.", 2)

    def action_show_grid(self) -> None:
        self.show_grid = not self.show_grid

    def action_dead_squares(self) -> None:
        """Ctrl+D, as in play: the same setting."""
        settings = self.app.star_settings
        settings.show_dead_squares = not settings.show_dead_squares
        if settings.show_dead_squares:
            self.app.say("Dead squares are crossed: a star pushed there never reaches a goal.", 3)
        else:
            self.app.say("Dead squares are not marked (Ctrl+D shows them).", 3)
        self.app.save_settings(self.app.settings)

    # -- the mouse ----------------------------------------------------------------

    def mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.press(event.pos, event.button)
        elif event.type == pygame.MOUSEMOTION:
            self.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self.release()

    def press(self, point: tuple[int, int], button: int) -> None:
        for piece, rect in self.palette_rects().items():
            if rect.collidepoint(point):
                self.choose(piece)
                return
        if self.fill_rect().collidepoint(point):
            self.action_fill_tool()
            return
        if self.title_rect().collidepoint(point):
            self.action_edit_title()
            return
        square = self.square_at(point)
        if square is None:
            return
        piece = self.piece if button == 1 else Piece.FLOOR
        if self.filling and button == 1:
            if self.sketch.on_board(square):
                self.commit(self.sketch.fill(square, piece), f"fill with {piece.label}")
            return
        mods = pygame.key.get_mods()
        shape = "box" if mods & pygame.KMOD_CTRL else "outline" if mods & pygame.KMOD_SHIFT else "line"
        self._frozen = (self.board_area(), self.geometry())
        self.stroke = Stroke(piece, shape, square)
        self.stroke.extend(square)
        self.app.dirty = True

    def motion(self, point: tuple[int, int]) -> None:
        square = self.square_at(point)
        if square != self.hover:
            self.hover = square
            self.app.dirty = True
        if self.stroke is not None and square is not None:
            self.stroke.extend(square)

    def release(self) -> None:
        stroke, self.stroke = self.stroke, None
        self._frozen = None
        if stroke is None:
            return
        painted, _ = self.sketch.paint(stroke.squares, stroke.piece)
        what = "erase" if stroke.piece is Piece.FLOOR else f"paint {stroke.piece.label}"
        self.commit(painted, what)
        self.app.dirty = True

    def shown_sketch(self) -> tuple[Sketch, Square]:
        """The sketch as drawn now, the stroke in progress included, and how far it grew left and up."""
        if self.stroke is None:
            return self.sketch, (0, 0)
        return self.sketch.paint(self.stroke.squares, self.stroke.piece)

    # -- checking and judging ----------------------------------------------------------------

    def wake_in(self) -> float | None:
        if self._judging is not None:
            # The solver has a process of its own: the window keeps its full frame rate
            # instead of the slower one that leaves a search in a thread room to work.
            return 0.0
        waits = []
        if self.checked != self.sketch and self.stroke is None:
            waits.append(self._pause)
        if self._draft_due is not None:
            waits.append(self._draft_due)
        return max(0.0, min(waits)) if waits else None

    def update(self, dt: float) -> bool:
        changed = False
        if self._draft_due is not None:
            self._draft_due -= dt
            if self._draft_due <= 0 and self.stroke is None:
                self.keep_draft()
        if self.checked != self.sketch and self.stroke is None:
            self._pause -= dt
            if self._pause <= 0:
                self.check()
                changed = True
        return changed

    def check(self) -> None:
        """Show what keeps the sketch from being a level; a level goes to the solver."""
        self.checked = self.sketch
        self.problems = self.session.problems()
        level = self.session.level()
        if level is not None and self.sketch not in self.verdicts:
            self._judge(level)

    def _judge(self, level: Level) -> None:
        sketch = self.sketch
        judging = self.verdict_worker(level)

        def done(verdict: Verdict | None) -> None:
            self._judging = None
            if verdict is not None:
                if len(self.verdicts) >= VERDICTS_KEPT:
                    self.known.pop(next(iter(self.verdicts)), None)
                    self.verdicts.pop(next(iter(self.verdicts)))
                self.verdicts[sketch] = verdict
                self.known[sketch] = self._known_solutions(level)
                self.app.dirty = True

        def failed(error: BaseException) -> None:
            self._judging = None
            self.app.say(f"The solver failed: {error}")

        self._judging = self.app.tasks.submit(TASK_NAME, lambda token: judging.run(token.event), done, failed)

    def _known_solutions(self, level: Level) -> tuple[list[Solution], int | None]:
        """The level's solutions the store keeps (the player's bests, the known ones), and the fewest
        pushes proven before, if any: the verdict gives the best counts of all it knows."""
        progress = self.app.progress
        kept = progress.progress_of([level])[0]
        solutions: list[Solution] = [best for best in (kept.best_moves, kept.best_pushes) if best is not None]
        known = progress.known_solutions(level)
        solutions += list(known)
        fewest = known.by_pushes.pushes if known.by_pushes is not None and known.by_pushes.optimal else None
        return solutions, fewest

    def _cancel_judging(self) -> None:
        if self._judging is not None:
            self._judging.cancel()
            self._judging = None

    @property
    def verdict(self) -> Verdict | None:
        return self.verdicts.get(self.sketch)

    @property
    def judging(self) -> bool:
        return self._judging is not None

    # -- playing ----------------------------------------------------------------

    def action_test_play(self) -> None:
        level = self.level_or_say("play it")
        if level is None:
            return
        sketch = self.sketch

        def solved(moves: str) -> None:
            self.session.keep_solution(sketch, moves)

        self.app.push(TestPlayScene(self.app, level, solved))

    def level_or_say(self, to_do: str) -> Level | None:
        """The level drawn; else None, and the player is told what to fix first."""
        level = self.session.level()
        if level is None:
            problem = self.session.problems()[0].message if self.session.problems() else ""
            self.app.say(f"To {to_do}, fix this first: {problem}", 5)
        return level

    # -- title, author, saving ----------------------------------------------------------------

    def action_edit_title(self) -> None:
        self.app.push(TextPrompt(self.app, "Title of the level", self.session.title, self._set_title))

    def action_edit_author(self) -> None:
        self.app.push(TextPrompt(self.app, "Author", self.session.author, self._set_author))

    def _set_title(self, text: str) -> None:
        self.session.title = text
        self._draft_due = 0.0

    def _set_author(self, text: str) -> None:
        self.session.author = text
        self._draft_due = 0.0

    def my_levels(self) -> Path | None:
        """The file of "My levels" in the store's data folder; None without a store."""
        return self.app.progress.my_levels_path

    def ask_save(self, then: Callable[[], object] | None = None) -> None:
        """Where to save: My levels, over the level edited, its file, or a file the player names."""
        level = self.level_or_say("save it")
        if level is None:
            return
        after = then or (lambda: None)
        answers = []
        mine = self.my_levels()
        origin = self.session.origin
        if origin is not None and origin.path and origin.number:
            answers.append(
                Answer(
                    f"Save over {origin.name}",
                    pygame.K_o,
                    lambda: self.save(level, Path(origin.path or ""), origin.number, after),
                )
            )
        if mine is not None:
            answers.append(
                Answer(f"Add to {MY_LEVELS_TITLE}", pygame.K_m, lambda: self.save(level, mine, None, after))
            )
        if origin is not None and origin.path and Path(origin.path) != mine:
            name = Path(origin.path).name
            answers.append(
                Answer(
                    f"Add to {name} as a new level",
                    pygame.K_a,
                    lambda: self.save(level, Path(origin.path or ""), None, after),
                )
            )
        answers.append(Answer("Save into a file you name…", pygame.K_f, lambda: self.ask_file(level, after)))
        note = f"{MY_LEVELS_TITLE} is {mine}" if mine is not None else ""
        self.app.push(ChoiceOverlay(self.app, "Save the level", answers, note))

    def ask_file(self, level: Level, then: Callable[[], object]) -> None:
        name = "".join(ch for ch in (level.title or "my level") if ch.isalnum() or ch in " -_").strip()
        suggestion = str(Path.cwd() / f"{name or 'level'}.sok")

        def chosen(text: str) -> None:
            if text:
                self.save(level, Path(text).expanduser(), None, then)

        note = "A .txt file gets plain text; any other, .sok with title, author and solution."
        self.app.push(TextPrompt(self.app, "Save into the file", suggestion, chosen, note))

    def save(self, level: Level, path: Path, number: int | None, then: Callable[[], object]) -> None:
        """Write the level; say where it went; it now belongs to that file."""
        mine = self.my_levels()
        title = MY_LEVELS_TITLE if path == mine else ""
        try:
            if number is None:
                number = add_level(path, level, collection_title=title)
            else:
                replace_level(path, number, level)
        except StarPusherError as error:
            self.app.say(f"Not saved: {error}", 8)
            return
        self._saved_into = (path.resolve(), number)
        collection = MY_LEVELS_TITLE if path == mine else path.name
        self.session.mark_saved(Origin(f"level {number} of {collection}", str(path), number))
        self.drafts.clear()
        self._draft_due = None
        self.app.say(f"Saved as level {number} of {collection}.", 5)
        then()

    def keep_draft(self) -> None:
        self._draft_due = None
        if self.session.unsaved:
            self.drafts.keep(self.session)

    # -- leaving ----------------------------------------------------------------

    def action_back(self) -> None:
        if self.stroke is not None:
            self.stroke = None  # Esc first drops the drag in progress
            return
        if not self.session.unsaved:
            self.close()
            return
        answers = [
            Answer("Save it first", pygame.K_s, lambda: self.ask_save(then=self.close)),
            Answer("Leave without saving", pygame.K_l, self.discard),
            Answer("Keep editing", pygame.K_k, lambda: None),
        ]
        self.app.push(ChoiceOverlay(self.app, "This level is not saved.", answers))

    def hold_quit(self, quit_now: Callable[[], None]) -> bool:
        """Ctrl+Q or the window's close button asks as Esc does; asked again, the window closes
        (and the draft is kept for next time, as :meth:`leave` does)."""
        if not self.session.unsaved or self._quit_question in self.app.scenes:
            return False
        answers = [
            Answer("Save it first", pygame.K_s, lambda: self.ask_save(then=quit_now)),
            Answer("Quit without saving", pygame.K_l, lambda: self.discard(then=quit_now)),
            Answer("Keep editing", pygame.K_k, lambda: None),
        ]
        note = "Ctrl+Q again: quit, and the level is offered back next time."
        self._quit_question = ChoiceOverlay(self.app, "This level is not saved.", answers, note)
        self.app.push(self._quit_question)
        return True

    def discard(self, then: Callable[[], object] | None = None) -> None:
        self.drafts.clear()
        self.session.mark_saved()  # nothing left to keep: leave() must not keep a draft
        (then or self.close)()

    def close(self) -> None:
        """Back to what the editor was opened over (play, Endless), else to the title.

        When the level was saved into the collection being played, play opens
        it again, at the level saved: what it showed is not the file any more.
        """
        if self._playing_the_file_saved():
            self._reopen_collection()
            return
        if len(self.app.scenes) > 1 and self.app.scene is self:
            self.app.pop()
        else:
            self.app.show_title(EDITOR_NAME)

    def _playing_the_file_saved(self) -> bool:
        app = self.app
        if self._saved_into is None or app.collection_name is None or len(app.scenes) < 2:
            return False
        below = app.scenes[-2]
        playing = isinstance(below, PlayScene) and below.plays_collection
        return playing and Path(app.collection_name).resolve() == self._saved_into[0]

    def _reopen_collection(self) -> None:
        assert self._saved_into is not None
        path, number = self._saved_into
        try:
            collection = read_collection(path)
            index = collection.numbers.index(number) if number in collection.numbers else 0
            open_collection(self.app, collection, index, name=self.app.collection_name)
        except StarPusherError as error:
            self.app.pop()
            self.app.say(f"The level was saved, but the file cannot be read again: {error}", 8)

    def leave(self) -> None:
        self._cancel_judging()
        if self.session.unsaved:
            self.drafts.keep(self.session)  # the window closes: the draft is offered back next time

    # -- layout ----------------------------------------------------------------

    def board_area(self) -> pygame.Rect:
        view = view_rect(self.app.screen)
        # The messages go above the board: the window's own messages appear at the bottom.
        return pygame.Rect(
            view.left + PALETTE_WIDTH,
            view.top + MESSAGE_HEIGHT,
            max(1, view.width - PALETTE_WIDTH),
            max(1, view.height - MESSAGE_HEIGHT),
        )

    def geometry(self) -> tuple[tuple[int, int], Geometry]:
        """The board's origin and tile size: it fits the area with a square to spare all round.

        While a drag goes on, the layout stays as it was when it began, so the
        squares under the mouse do not move as the stroke grows the board; but
        only while the board area stays as it was (a window made full screen
        mid-drag lays the board out again).
        """
        area = self.board_area()
        if self.stroke is not None and self._frozen is not None and self._frozen[0] == area:
            return self._frozen[1]
        sketch = self.sketch
        flat = self.app.star_settings.flat_view
        columns, rows = sketch.width + 2, sketch.height + 2
        unit = Geometry(1000, flat)  # the map's height per tile width, in this view
        by_width = (area.width - 8) / columns
        by_height = (area.height - 8) * 1000 / ((rows - 1) * unit.step + unit.height)
        geometry = Geometry(int(max(MIN_TILE, min(by_width, by_height, MAX_TILE))), flat)
        map_w, map_h = geometry.map_size(sketch.width, sketch.height)
        return (area.centerx - map_w // 2, area.centery - map_h // 2), geometry

    def square_at(self, point: tuple[int, int]) -> Square | None:
        """The square under a point: on the board, or one square past its edge (painting there grows it)."""
        if not self.board_area().collidepoint(point):
            return None
        origin, geometry = self.geometry()
        x = (point[0] - origin[0]) // geometry.width
        y = (point[1] - origin[1] - geometry.top) // geometry.step
        if -1 <= x <= self.sketch.width and -1 <= y <= self.sketch.height:
            return int(x), int(y)
        return None

    def square_center(self, square: Square) -> tuple[int, int]:
        """The screen point in the middle of a square's top face (tests click there)."""
        origin, geometry = self.geometry()
        return face(square, origin, geometry).center

    def palette_rects(self) -> dict[Piece, pygame.Rect]:
        view = view_rect(self.app.screen)
        size = max(28, min(64, (view.height - 40) // (len(PALETTE) + 1) - 6))
        return {
            piece: pygame.Rect(
                view.left + (PALETTE_WIDTH - size) // 2, view.top + 8 + i * (size + 6), size, size
            )
            for i, piece in enumerate(PALETTE)
        }

    def fill_rect(self) -> pygame.Rect:
        last = list(self.palette_rects().values())[-1]
        return last.move(0, last.height + 12)

    def title_rect(self) -> pygame.Rect:
        """Where the title is written in the top bar: a click there types it."""
        width = self.app.screen.get_width()
        return pygame.Rect(width // 4, 0, width // 2, 46)

    # -- drawing ----------------------------------------------------------------

    def picture(self, sketch: Sketch) -> SketchPicture:
        show_dead = self.app.star_settings.show_dead_squares
        shaded = self.dead_squares() if show_dead and sketch is self.sketch else frozenset()
        flat = self.app.star_settings.flat_view
        cached = self._picture
        if cached is None or cached[0] != (sketch, flat) or cached[1] != shaded:
            picture = SketchPicture(sketch, flat=flat, shaded=shaded)
            cached = self._picture = ((sketch, flat), shaded, picture)
        return cached[2]

    def dead_squares(self) -> frozenset[int]:
        if self._dead is None or self._dead[0] != self.sketch:
            level = self.session.level()
            self._dead = (self.sketch, dead_squares(level) if level is not None else frozenset())
        return self._dead[1]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(SKY)
        area = self.board_area()
        origin, geometry = self.geometry()
        sketch, shift = self.shown_sketch()
        origin = (origin[0] - shift[0] * geometry.width, origin[1] - shift[1] * geometry.step)
        picture = self.picture(sketch)
        surface.set_clip(area)
        picture.draw(surface, origin, geometry.width, picture.sprites(self.app.star_settings.character))
        if self.show_grid:
            draw_grid(surface, sketch, origin, geometry)
        draw_edge(surface, sketch, origin, geometry)
        if self.checked == self.sketch and self.stroke is None:
            for problem in self.problems:
                mark_squares(surface, problem.squares, origin, geometry)
        if self.hover is not None and self.stroke is None:
            hover = (self.hover[0] + shift[0], self.hover[1] + shift[1])
            pygame.draw.rect(surface, (255, 255, 255), face(hover, origin, geometry), 2)
        surface.set_clip(None)
        self._draw_palette(surface)
        self._draw_messages(surface)
        self._draw_bars(surface)

    def _draw_palette(self, surface: pygame.Surface) -> None:
        view = view_rect(surface)
        panel(
            surface, pygame.Rect(view.left, view.top, PALETTE_WIDTH, view.height), (20, 24, 50, 150), radius=0
        )
        for number, (piece, rect) in enumerate(self.palette_rects().items(), 1):
            chosen = piece is self.piece
            pygame.draw.rect(surface, (255, 214, 60) if chosen else (230, 230, 240), rect, border_radius=8)
            _draw_piece_icon(surface, piece, rect.inflate(-8, -8))
            if chosen:
                pygame.draw.rect(surface, (120, 70, 10), rect, 3, border_radius=8)
            WRITER.draw(surface, str(number), 18, (40, 30, 30), topleft=(rect.left + 3, rect.top + 1))
        fill = self.fill_rect()
        pygame.draw.rect(surface, (255, 214, 60) if self.filling else (230, 230, 240), fill, border_radius=8)
        WRITER.draw(surface, "Fill", 20, (40, 30, 30), center=(fill.centerx, fill.centery - 6))
        WRITER.draw(surface, "B", 16, (90, 80, 80), center=(fill.centerx, fill.centery + 12))

    def message_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the bottom panel says: the problems, else the solver's verdict."""
        if self.checked != self.sketch:
            return [("…", (220, 220, 230))]
        if self.problems:
            return [(problem.message, (255, 190, 180)) for problem in self.problems[:2]]
        verdict = self.verdict
        if verdict is None:
            return [("A level! The solver is thinking…", (220, 230, 255))]
        color = (170, 255, 170) if verdict.solvable else (255, 200, 120)
        lines = [(verdict.describe(*self.known.get(self.sketch, ((), None))) + ".", color)]
        if verdict.solvable:
            lines.append((f"Difficulty: {verdict.difficulty()}.   T plays it.", (220, 230, 255)))
        return lines

    def _draw_messages(self, surface: pygame.Surface) -> None:
        area = self.board_area()
        box = pygame.Rect(area.left + 8, area.top - MESSAGE_HEIGHT + 6, area.width - 16, MESSAGE_HEIGHT - 8)
        panel(surface, box, (20, 20, 40, 200), radius=10)
        for index, (text, color) in enumerate(self.message_lines()):
            WRITER.draw(
                surface,
                WRITER.fit(text, 24, box.width - 20),
                24,
                color,
                midleft=(box.left + 12, box.top + 15 + index * 26),
            )

    def _draw_bars(self, surface: pygame.Surface) -> None:
        session = self.session
        title = session.title or "(untitled: click to name it)"
        about = title + (f" by {session.author}" if session.author else "")
        if session.origin is not None:
            about += f"   from {session.origin.name}"
        tool = "Fill" if self.filling else "Paint"
        counts = f"{self.sketch.width}x{self.sketch.height}" + ("  unsaved" if session.unsaved else "")
        draw_bars(
            surface,
            place=f"Editor: {tool} {self.piece.label}",
            about=about,
            counts=counts,
            keys="F1 help   1-8 pieces   B fill   Z undo   R/M turn, mirror   C crop   T play   Ctrl+S save",
        )


#: The editor's name on the title screen.
EDITOR_NAME = "Make a level"

_ICON_CHARACTER = "boy"


def _draw_piece_icon(surface: pygame.Surface, piece: Piece, rect: pygame.Rect) -> None:
    """The palette's picture of a piece, made of play's own tiles."""
    width = min(rect.width, int(rect.height / Geometry(100).height * 100))  # the whole tile fits
    geometry = Geometry(width)
    left, top = rect.centerx - width // 2, rect.centery - geometry.height // 2

    def tile(what: Tile | str) -> None:
        surface.blit(TILES.get(what, width), (left, top))

    if piece is Piece.ERASER:
        pygame.draw.rect(
            surface, (250, 180, 190), rect.inflate(-rect.width // 4, -rect.height // 2), border_radius=4
        )
        pygame.draw.line(surface, (120, 60, 70), rect.bottomleft, rect.topright, 3)
        return
    if piece is Piece.WALL:
        tile(Tile.WALL)
        return
    tile(Tile.FLOOR)
    if piece in (Piece.GOAL, Piece.STAR_ON_GOAL, Piece.PLAYER_ON_GOAL):
        tile(Tile.GOAL)
    if piece in (Piece.STAR, Piece.STAR_ON_GOAL):
        tile(Tile.STAR)
    if piece in (Piece.PLAYER, Piece.PLAYER_ON_GOAL):
        tile(_ICON_CHARACTER)


def open_editor(
    app: StarPusherWindow, session: EditSession | None = None, *, over: bool = False
) -> EditorScene:
    """Show the editor, over the scene shown (``over``) or in place of everything."""
    scene = EditorScene(app, session)
    if over:
        app.push(scene)
    else:
        app.replace(scene)
    return scene
