"""The level editor's screen: a palette, the board drawn as in play, and what is known about it.

The model is an :class:`~starpusher.editing.EditSession`; this scene turns
mouse and keys into edits and draws. A drag shows its stroke as it goes and
becomes one edit (one undo) when the button is let go. After each pause in
editing the sketch is checked; a sketch that is a level goes to the solver
in a child process, cancelled by the next edit, so drawing never waits.

The scene's parts each have a module: where things go (:mod:`.layout`), what a
frame draws (:mod:`.frame`), what is known about the sketch (the pygame-free
:class:`~starpusher.editing.judging.Judge`), and the draft, saving and leaving
(:mod:`.save_flow`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from ...core import Level
from ...editing import EditSession, Judge, Judging, Piece, Problem, Sketch, Tone, Verdict, line, rectangle
from ...editing.judging import Known
from ...editing.sketch import (
    MIRROR_LEFT_RIGHT,
    MIRROR_TOP_BOTTOM,
    ROTATE_LEFT,
    ROTATE_RIGHT,
    Square,
    Symmetry,
)
from ...session.packing import PlanShown
from ...store import Solution
from ..kit.help import HelpOverlay
from ..kit.window import Scene
from ..sokoban.plan import ShowsPlan
from ..sokoban.window import StarPusherWindow
from .frame import TONE_COLORS, EditorFrame, EditorShowing
from .keys import KEY_MAP, MOUSE_HELP, PIECE_KEYS
from .layout import EditorLayout, Placement
from .picture import SketchPicture
from .save_flow import DRAFT_SECONDS, SaveFlow
from .testplay import TestPlayScene

#: The turn or mirror each action makes of the board.
TRANSFORMS = {
    "rotate": ROTATE_RIGHT,
    "rotate_back": ROTATE_LEFT,
    "mirror": MIRROR_LEFT_RIGHT,
    "mirror_top_bottom": MIRROR_TOP_BOTTOM,
}
#: The editor's name on the title screen.
EDITOR_NAME = "Make a level"
KEYS_BAR = "F1 help   1-8 pieces   B fill   Z undo   R/M turn, mirror   C crop   T play   Ctrl+S save"


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


class EditorScene(ShowsPlan, Scene):
    """Draw a level, see at once whether it works, play it, keep it."""

    app: StarPusherWindow
    key_map = KEY_MAP
    mouse_help = MOUSE_HELP

    def __init__(self, app: StarPusherWindow, session: EditSession | None = None) -> None:
        super().__init__(app)
        self.session = session or EditSession()
        self.piece = Piece.WALL
        self.filling = False
        self.show_grid = True
        self.stroke: Stroke | None = None
        self.hover: Square | None = None
        self.layout = EditorLayout(app)
        self.frame = EditorFrame()
        self.judge = Judge(self.session, app.progress, app.tasks, app.say)
        self.judge.on_verdict = self._redraw
        self.saving = SaveFlow(app, self.session, self.close)
        #: The packing plan of the level drawn last, when the player has it shown (K, as in play).
        self.plan: PlanShown | None = None

    def _redraw(self) -> None:
        self.app.dirty = True

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
        self.judge.changed()
        self.saving.changed()
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

    # -- what is known about the sketch: the judge's (tests and bench_editor.py look here) --------

    @property
    def checked(self) -> Sketch | None:
        return self.judge.checked

    @property
    def problems(self) -> list[Problem]:
        return self.judge.problems

    @property
    def verdicts(self) -> dict[Sketch, Verdict]:
        return self.judge.verdicts

    @property
    def known(self) -> dict[Sketch, Known]:
        return self.judge.known

    @property
    def verdict(self) -> Verdict | None:
        return self.judge.verdict

    @property
    def judging(self) -> bool:
        return self.judge.judging

    @property
    def verdict_worker(self) -> type[Judging]:
        """What works out verdicts (a child process; ``bench/bench_editor.py`` compares a thread)."""
        return self.judge.worker

    @verdict_worker.setter
    def verdict_worker(self, worker: type[Judging]) -> None:
        self.judge.worker = worker

    def check(self) -> None:
        self.judge.check()

    def _known_solutions(self, level: Level) -> tuple[list[Solution], int | None]:
        return self.judge.known_solutions(level)

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
        self.saving.ask_save()

    def action_edit_title(self) -> None:
        self.saving.edit_title()

    def action_edit_author(self) -> None:
        self.saving.edit_author()

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
        layout = self.layout
        for piece, rect in layout.palette_rects().items():
            if rect.collidepoint(point):
                self.choose(piece)
                return
        if layout.fill_rect().collidepoint(point):
            self.action_fill_tool()
            return
        if layout.title_rect().collidepoint(point):
            self.action_edit_title()
            return
        square = layout.square_at(point, self.sketch)
        if square is None:
            return
        piece = self.piece if button == 1 else Piece.FLOOR
        if self.filling and button == 1:
            if self.sketch.on_board(square):
                self.commit(self.sketch.fill(square, piece), f"fill with {piece.label}")
            return
        mods = pygame.key.get_mods()
        shape = "box" if mods & pygame.KMOD_CTRL else "outline" if mods & pygame.KMOD_SHIFT else "line"
        layout.freeze(self.sketch)
        self.stroke = Stroke(piece, shape, square)
        self.stroke.extend(square)
        self.app.dirty = True

    def motion(self, point: tuple[int, int]) -> None:
        square = self.layout.square_at(point, self.sketch)
        if square != self.hover:
            self.hover = square
            self.app.dirty = True
        if self.stroke is not None and square is not None:
            self.stroke.extend(square)

    def release(self) -> None:
        stroke = self._drop_stroke()
        if stroke is None:
            return
        painted, _ = self.sketch.paint(stroke.squares, stroke.piece)
        what = "erase" if stroke.piece is Piece.FLOOR else f"paint {stroke.piece.label}"
        self.commit(painted, what)
        self.app.dirty = True

    def _drop_stroke(self) -> Stroke | None:
        """End the drag: the board is laid out afresh from now on."""
        stroke, self.stroke = self.stroke, None
        self.layout.thaw()
        return stroke

    def shown_sketch(self) -> tuple[Sketch, Square]:
        """The sketch as drawn now, the stroke in progress included, and how far it grew left and up."""
        if self.stroke is None:
            return self.sketch, (0, 0)
        return self.sketch.paint(self.stroke.squares, self.stroke.piece)

    # -- time ----------------------------------------------------------------

    def wake_in(self) -> float | None:
        if self.judge.judging:
            # The solver has a process of its own: the window keeps its full frame rate
            # instead of the slower one that leaves a search in a thread room to work.
            return 0.0
        waits = []
        check_due = self.judge.due_in()
        if check_due is not None and self.stroke is None:
            waits.append(check_due)
        if self.saving.draft_due is not None:
            waits.append(self.saving.draft_due)
        return max(0.0, min(waits)) if waits else None

    def update(self, dt: float) -> bool:
        """The draft is written when due; the sketch is checked once editing pauses (not mid-drag)."""
        self.saving.update(dt, drawing=self.stroke is not None)
        return self.stroke is None and self.judge.update(dt)

    # -- playing, keeping, leaving ----------------------------------------------------------------

    def action_test_play(self) -> None:
        level = self.saving.level_or_say("play it")
        if level is None:
            return
        sketch = self.sketch

        def solved(moves: str) -> None:
            self.session.keep_solution(sketch, moves)

        self.app.push(TestPlayScene(self.app, level, solved))

    def keep_draft(self) -> None:
        self.saving.keep_draft()

    def action_back(self) -> None:
        if self.stroke is not None:
            self._drop_stroke()  # Esc first drops the drag in progress
            return
        self.saving.ask_before_leaving()

    def hold_quit(self, quit_now: Callable[[], None]) -> bool:
        return self.saving.hold_quit(quit_now)

    def close(self) -> None:
        """Back to what the editor was opened over (play, Endless), else to the title.

        When the level was saved into the collection being played, play opens
        it again, at the level saved: what it showed is not the file any more.
        """
        if self.saving.reopen_saved_file():
            return
        if len(self.app.scenes) > 1 and self.app.scene is self:
            self.app.pop()
        else:
            self.app.show_title(EDITOR_NAME)

    def leave(self) -> None:
        self.judge.cancel()
        if self.plan is not None:
            self.plan.cancel()
        self.saving.leave()  # the window closes: the draft is offered back next time

    # -- drawing ----------------------------------------------------------------

    def board_area(self) -> pygame.Rect:
        return self.layout.board_area()

    def geometry(self) -> Placement:
        """The board's origin and tile size (kept as it was while a drag goes on)."""
        return self.layout.placement(self.sketch)

    def square_center(self, square: Square) -> tuple[int, int]:
        """The screen point in the middle of a square's top face (tests click there)."""
        return self.layout.square_center(square, self.sketch)

    def picture(self, sketch: Sketch) -> SketchPicture:
        return self.frame.picture(sketch, flat=self.app.star_settings.flat_view, shaded=self._shaded(sketch))

    def _shaded(self, sketch: Sketch) -> frozenset[int]:
        """The dead squares to cross, when they are shown: only on the sketch itself, not mid-stroke."""
        show = self.app.star_settings.show_dead_squares
        return self.session.dead_squares() if show and sketch is self.sketch else frozenset()

    def message_lines(self, plan: PlanShown | None = None) -> list[tuple[str, tuple[int, int, int]]]:
        """What the panel above the board says: the problems, else the solver's verdict; and what
        there is to say of the packing ``plan`` shown instead of numbers (at the end of its two lines)."""
        lines = [(text, TONE_COLORS[tone]) for text, tone in self.judge.messages()]
        said = plan.said if plan is not None else None
        if said is not None and len(lines) < 2:
            lines.append((said, TONE_COLORS[Tone.NOTE]))
        elif said is not None:
            lines[-1] = (f"{lines[-1][0]}   {said}", lines[-1][1])
        return lines

    def shown_plan(self, still: bool) -> PlanShown | None:
        """The level's packing plan when the player has it shown and editing has paused; worked out
        in the background for each level drawn."""
        level = self.session.level() if still and self.judge.up_to_date else None
        if level is None or not self.app.star_settings.show_packing_plan:
            return None
        if self.plan is None or self.plan.level != level:
            if self.plan is not None:
                self.plan.cancel()
            self.plan = PlanShown(level, self.app.tasks, self.app.say, quiet=True)
        return self.plan

    def bar_texts(self) -> tuple[str, str, str, str]:
        """The bars' words: the tool, the level's title and author, its size, the keys."""
        session = self.session
        title = session.title or "(untitled: click to name it)"
        about = title + (f" by {session.author}" if session.author else "")
        if session.origin is not None:
            about += f"   from {session.origin.name}"
        tool = "Fill" if self.filling else "Paint"
        counts = f"{self.sketch.width}x{self.sketch.height}" + ("  unsaved" if session.unsaved else "")
        return f"Editor: {tool} {self.piece.label}", about, counts, KEYS_BAR

    def draw(self, surface: pygame.Surface) -> None:
        layout, settings = self.layout, self.app.star_settings
        origin, geometry = layout.placement(self.sketch)
        sketch, shift = self.shown_sketch()
        origin = (origin[0] - shift[0] * geometry.width, origin[1] - shift[1] * geometry.step)
        still = self.stroke is None
        marks = tuple(problem.squares for problem in self.problems) if still and self.judge.up_to_date else ()
        hover = self.hover if still else None
        plan = self.shown_plan(still)
        shown = EditorShowing(
            sketch=sketch,
            origin=origin,
            geometry=geometry,
            area=layout.board_area(),
            flat=settings.flat_view,
            shaded=self._shaded(sketch),
            character=settings.character,
            grid=self.show_grid,
            marks=marks,
            plan=plan.shown(True) if plan is not None else None,
            hover=hover,
            palette=layout.palette_rects(),
            piece=self.piece,
            fill=layout.fill_rect(),
            filling=self.filling,
            message_box=layout.message_box(),
            messages=self.message_lines(plan),
            bars=self.bar_texts(),
        )
        self.frame.draw(shown, surface)


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


__all__ = ["DRAFT_SECONDS", "EDITOR_NAME", "TRANSFORMS", "EditorScene", "Stroke", "open_editor"]
