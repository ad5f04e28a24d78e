"""One level of Star Pusher being played: the middle end between the rules and a front end.

A front end (the window's play scene, the terminal) translates keys into the
verbs here (walk, undo, restart, hint, ...) and draws what the session holds.
The session applies every move through the rules and keeps it in the level's
:class:`~starpusher.history.History`; it knows when the level is solved, and
whether with the solver's help; it hands the game to the store after every
change, records solutions, and asks the solver for hints and deadlock checks
(:mod:`.assist`). It never draws and never waits: moves handed over faster than
the front end shows them wait in :attr:`PlaySession.queue`, and the front end
takes them one :class:`Step` at a time, each ready to animate.

Reverse mode (:meth:`PlaySession.toggle_reverse`) plays the level backwards by
the rules of :mod:`starpusher.core.reverse`, with a history of its own (undo,
restart and snapshots work on it as on the forward game); when the stars meet
the start, the pulls turned around are checked by the forward rules and kept
like any solve, and the forward game shows them played out.

The level's clock (:attr:`PlaySession.timer`) counts the time played on it,
on from what the store kept of earlier visits; it stops while the level shows
solved, and the store is handed the new seconds every few seconds of play and
when the player leaves, so a crash costs a few seconds at most.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..background import TaskRunner
from ..core import Direction, Level, State, count_pushes
from ..core.reverse import REVERSE_MARK, ReverseRules
from ..core.words import plural
from ..history import History
from .assist import Assistant
from .backwards import PlaysBackwards
from .common import MoveQueue, Say, Session, counts_text
from .packing import PlanShown
from .progress import Progress
from .records import LevelRecord, level_records
from .timing import AWAY, SOLVED, PlayClock, clock_text

#: How often (seconds played) the time on a level is handed to the store while it is played.
KEEP_TIME_EVERY = 5.0


@dataclass(frozen=True)
class Step:
    """One move played from the queue: what the front end shows moving."""

    before: State
    after: State
    direction: Direction
    pushed: bool
    #: The level is solved by this move.
    solved: bool
    #: How many moves were handed over to play by themselves with this one (None: the player's own).
    autoplay: int | None
    #: A star was pulled (reverse mode), not pushed.
    pulled: bool = False


def rebuild(level: Level, text: str) -> History[State]:
    """A kept game (``History.to_text()``: a saved game, a snapshot) as it was, undo and redo intact.

    The one way a kept game comes back. Raises ValueError (a ``StarPusherError``,
    or a letter that is not a move) when it no longer replays on ``level``.
    """
    return History.from_text(level.start, level.apply, text)


#: Marks a queued reverse step that must not pull (a mouse walk): the step's letter follows it.
_STEP_ONLY = "="


class PlaySession(PlaysBackwards, Session):
    """A level, the game on it, and what the player achieved there."""

    assistant: Assistant
    history: History[State]

    def __init__(
        self,
        level: Level,
        progress: Progress,
        *,
        say: Say,
        tasks: TaskRunner,
        kept: bool = True,
        search_in_child: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``kept``: the game (and the time played) resumes from the store and goes back to it
        (False: a fresh game, never kept). ``search_in_child``: the solver's help searches in a
        child process (a window's frames). ``clock``: the seconds clock the level's clock reads."""
        self.level = level
        self.progress = progress
        self.say = say
        self.kept = kept
        #: The way a direction of the level is seen (a front end may show the board turned or
        #: mirrored): what is said of a direction, such as a hint, says it as the player sees it.
        self.seen_way: Callable[[Direction], Direction] = lambda direction: direction
        self.queue = MoveQueue()
        known = progress.known_solutions(level)  # made shorter before (replayed by the store)
        shortest = [solution.lurd for solution in (known.by_moves, known.by_pushes) if solution is not None]
        # The fewest pushes played first.
        self.assistant = Assistant(self, level, tasks, known=shortest, in_child=search_in_child)
        #: The level's packing plan, for the board to show when the player wants it.
        self.plan = PlanShown(level, tasks, say)
        #: The game kept for this level no longer fitted it: a fresh one was started (say so).
        self.saved_game_unfit = False
        #: Known solutions of the level that were damaged and left out: why, to say once it shows (or "").
        self.known_left_out = "; ".join(known.left_out)
        self.history = self._resume()
        played = progress.time_played([level]) if kept else None
        #: The time played on the level, this visit and those before.
        self.timer = PlayClock(played.total if played else 0.0, now=clock)
        #: Times played that were damaged and left out: why, to say once the level shows (or "").
        self.time_left_out = played.left_out if played else ""
        #: History positions of the moves the solver played (Shift+H).
        self._solver_positions: set[int] = set()
        self.assistant.position_changed(pushed=False)
        self.solved = level.is_solved(self.history.state)
        #: The rules played backwards while reverse mode is on (None: forward play).
        self.reverse: ReverseRules | None = None
        #: The forward game while reverse mode is on, and the reverse game while it is off.
        self._other_history: History[State] | None = None
        self._other_solver_positions: set[int] = set()
        # Asked once per level: the store may have to look it up.
        self.solved_before = progress.is_solved(level)
        #: How the last solution compares with the best (a front end shows it when solved).
        self.solved_note = ""
        self.record = self._record()

    def _resume(self) -> History[State]:
        """The game left on the level, or a fresh one (``saved_game_unfit`` when the kept one did not fit)."""
        saved = self.progress.load_game(self.level) if self.kept else None
        if saved:
            try:
                history = rebuild(self.level, saved)
            except ValueError:
                self.saved_game_unfit = True
            else:
                if self.level.is_solved(history.state):
                    # A solved game (here, or on the same board in another file) opens at the
                    # start, as a level to play again; its moves wait to be redone.
                    history.go_to(0)
                return history
        return History(self.level.start, self.level.apply)

    def _record(self) -> LevelRecord:
        """The level's best scores."""
        return level_records(self.progress, [self.level])[0]

    @property
    def solved(self) -> bool:
        return self._solved

    @solved.setter
    def solved(self, solved: bool) -> None:
        """Solved or not: the level's clock stops on a solved level, and runs on from there."""
        self._solved = solved
        self.timer.hold_if(SOLVED, solved)

    @property
    def state(self) -> State:
        return self.history.state

    @property
    def moves(self) -> str:
        return self.history.moves

    # -- saving ----------------------------------------------------------------

    def save(self) -> None:
        """Hand the game to the store after every change, so even a crash loses nothing.

        The store keeps the forward game, also while reverse mode is on.
        """
        forward = self.history if self.reverse is None else self._other_history
        if self.kept and forward is not None:
            self.progress.save_game(self.level, forward.to_text())
        self.keep_time(at_least=0 if self.solved else KEEP_TIME_EVERY)  # a solve keeps its time at once

    def keep_time(self, *, at_least: float = 0.0) -> None:
        """Hand the store the seconds played since it was last handed them (once ``at_least`` were)."""
        seconds = self.timer.take_new_seconds(at_least)
        if self.kept and seconds:
            self.progress.add_time_played(self.level, seconds)

    def being_played(self, played: bool) -> None:
        """The clock runs only while the level is played; when it stops, its time is kept."""
        super().being_played(played)
        if not played:
            self.keep_time()

    def clock_text(self) -> str:
        """``Time 1:05``: the time played on the level, as the bars show it."""
        return clock_text(self.timer)

    def kept_text(self) -> str:
        """The game as a snapshot keeps it: its history, marked when it is played backwards."""
        return (REVERSE_MARK if self.reverse is not None else "") + self.history.to_text()

    def leave(self) -> None:
        """The player leaves the level: nothing searches for it any more, and the game is kept."""
        self.assistant.close()
        self.plan.cancel()
        self.timer.hold(AWAY)
        self.save()
        self.keep_time()

    # -- moving ----------------------------------------------------------------

    def follow_path(self, moves: str) -> None:
        """A walk the player chose by mouse: in reverse mode its steps pull nothing."""
        if self.reverse is not None:
            self.assistant.cancel()
            for letter in moves.lower():
                self.queue.add(_STEP_ONLY + letter)
        else:
            self.follow(moves)

    def walk(self, letter: str) -> bool:
        """A move key (a LURD letter): queued; while moves play by themselves, it stops them (False)."""
        if self.queue.autoplay is not None:
            self.stop_playing()
            return False
        self.assistant.cancel()  # a search for the old position is no longer wanted
        self.queue.add(letter)
        return True

    def follow(self, moves: str) -> None:
        """A path the player chose (a click): its moves wait their turn like keys."""
        self.assistant.cancel()
        self.queue.add_each(moves.lower())

    def play_moves(self, moves: str, message: str, *, helped: bool = False) -> None:
        """Let moves play by themselves (the front end paces them), each undoable like the player's.

        ``helped``: the solver's moves, so a solve that uses them is "solved with help".
        """
        self.queue.play_by_themselves(moves.lower(), helped=helped)
        self.say(message, 4)

    def planned_state(self) -> State:
        """Where things will be once the queued moves are played."""
        state = self.history.state
        for letter in self.queue:
            move = self.interpret(letter, state)
            if move is not None:
                state = self.history_rules_apply(state, move)
        return state

    def history_rules_apply(self, state: State, move: str) -> State:
        """One move, as the rules of the mode played apply it."""
        return self.reverse.apply(state, move) if self.reverse is not None else self.level.apply(state, move)

    def interpret(self, letter: str, state: State | None = None) -> str | None:
        """The move a direction key makes here: its LURD letter, upper case for a push (in reverse
        mode, a pull); None if blocked. ``state``: where to make it (the game's position)."""
        state = self.history.state if state is None else state
        if self.reverse is not None:
            if letter.startswith(_STEP_ONLY):
                step = letter[len(_STEP_ONLY) :]
                return step if self.reverse.try_move(state, Direction.from_letter(step), pull=False) else None
            return self.reverse.key_move(state, letter)
        result = self.level.try_move(state, Direction.from_letter(letter))
        if result is None:
            return None
        return letter.upper() if result[1] else letter.lower()

    def play_queued(self, *, all_of_them: bool) -> Step | None:
        """Play the next queued move the board allows (with ``all_of_them``, every one); the last played.

        A blocked move is dropped, as a key against a wall does nothing in the original.
        """
        last = None
        while self.queue:
            letter = self.queue.pop()
            autoplay, by_solver = self.queue.autoplay, self.queue.helped and self.queue.autoplay is not None
            move = self.interpret(letter)
            if move is None:
                continue
            before = self.history.state
            after = self.history.play(move)  # the rules apply it, the history keeps it
            pushed = move.isupper()
            self._mark_entry(by_solver=by_solver)
            pulled = self.reverse is not None and pushed
            if self.reverse is not None:
                solved = self.reverse.meets_start(after)
                if solved:
                    self._reverse_solved()
            else:
                self.assistant.position_changed(pushed=pushed)
                solved = self.level.is_solved(after)
                if solved:
                    self._celebrate()
            last = Step(before, after, Direction.from_letter(move), pushed, solved, autoplay, pulled)
            if not all_of_them:
                break
        self.queue.finish()
        if last is not None:
            self.save()
        return last

    # -- going back and forth ----------------------------------------------------------------

    def _arrived(self, *, moved: bool) -> None:
        """After undo, redo or restart: solved or not, deadlocks, and the game kept."""
        if self.reverse is None:
            self.solved = self.level.is_solved(self.history.state)
            self.assistant.position_changed(pushed=False)
        self.save()

    def undo_all(self) -> None:
        self._travel(lambda: self.history.go_to(0))

    def redo_all(self) -> None:
        self._travel(lambda: self.history.go_to(len(self.history.entries)))

    def undo_push(self) -> None:
        """Back to just after the push before the last one (or the start): the last push and its walk."""

        def change() -> None:
            entries, position = self.history.entries, max(0, self.history.position - 1)
            while position and not entries[position - 1].isupper():
                position -= 1
            self.history.go_to(position)

        self._travel(change)

    def redo_push(self) -> None:
        """Forward to just after the next push (or the end of what can be redone)."""

        def change() -> None:
            entries, position = self.history.entries, self.history.position
            while position < len(entries):
                position += 1
                if entries[position - 1].isupper():
                    break
            self.history.go_to(position)

        self._travel(change)

    def restart(self) -> None:
        """Back to the start, as a step undo takes back: the moves it leaves behind are not lost."""
        self._travel(self._restart)

    def _restart(self) -> None:
        before = self.history.position
        self.history.restart()
        if self.history.position != before:
            self._mark_entry(by_solver=False)

    def continue_with(self, moves: str, *, helped: bool = False) -> None:
        """Play ``moves`` from the start as the player's game (a snapshot, a replay taken over).

        A restart comes first, so undo returns to the game as it was.
        ``helped``: the moves are someone else's (a known solution), so a solve
        that uses them is "solved with help", as with the solver's.
        """

        def change() -> None:
            self._restart()
            for letter in moves:
                self.history.play(letter)
                self._mark_entry(by_solver=helped)

        self._travel(change)

    def take_over(self, moves: str, *, helped: bool) -> None:
        """Go on from a replayed solution's position as the player's own game (undo takes it back)."""
        self.continue_with(moves, helped=helped)
        self.say("Your game now goes on from there: undo (Z) takes it back.", 5)

    def solved_with_help(self) -> bool:
        """Whether the moves since the last restart include one the solver played."""
        now = self.history.position
        since = now - len(self.history.moves)
        return any(since < position <= now for position in self._solver_positions)

    def _mark_entry(self, *, by_solver: bool) -> None:
        """A move (or restart) was just recorded: the moves the redo tail held are gone."""
        now = self.history.position
        self._solver_positions = {position for position in self._solver_positions if position < now}
        if by_solver:
            self._solver_positions.add(now)

    def _celebrate(self) -> None:
        self.solved = True
        self.queue.clear()
        moves = self.history.moves
        if self.solved_with_help():
            self.progress.record_helped_solution(self.level, moves)
            self.record = self._record()
            self.solved_note = f"With help: {counts_text(moves)}; kept apart, never a best."
            self.say("Solved with help: kept as that, never as a best score, and it opens no level.", 5)
            return
        result = self.progress.record_solution(self.level, moves)
        self.solved_before = True
        self.record = self._record()
        if result is not None:  # the store says e.g. when a best score is beaten
            said = result.summary()
            # Not said as well: every front end shows the note with "Solved!" (said twice, it was read twice).
            self.solved_note = said[:1].upper() + said[1:] + "."
        else:
            self.solved_note = counts_text(moves) + "."

    @property
    def note(self) -> str:
        """What a solved level's banner says: how the solution compares with the best."""
        return self.solved_note or counts_text(self.history.moves)

    def counters(self) -> str:
        """'Moves 12   Pushes 3' ('Pulls 3' in reverse mode)."""
        moves = self.history.moves
        pushes = "Pulls" if self.reverse is not None else "Pushes"
        return f"Moves {len(moves)}   {pushes} {count_pushes(moves)}"

    def hint(self) -> None:
        if self.reverse is not None:
            self.say("Hints are for forward play: V goes back to it.", 3)
        else:
            super().hint()

    def play_solution(self) -> None:
        if self.reverse is not None:
            self.say("The solver plays forward: V goes back to it.", 3)
        else:
            super().play_solution()

    def standing(self) -> str:
        """The level's best, or that it was solved (with help): shown beside the keys."""
        record = self.record
        if record.best_moves is not None and record.best_pushes is not None:
            return f"Best {plural(record.best_moves, 'move')}, {plural(record.best_pushes, 'push', 'pushes')}"
        if self.solved_before:
            return "Solved before"
        if record.helped:
            return "Solved with help"
        return ""
