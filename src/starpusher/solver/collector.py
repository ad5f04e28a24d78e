"""Python's cycle collector, paused while a search runs.

Python frees most objects the moment the last reference goes; the cycle
collector is for the rest, objects that refer to each other in a ring. It
runs after every few hundred new objects, and now and then looks at every
object the program holds. A search holds millions (its queues, its tables
of positions seen), none of them garbage until the search ends, and looking
at them again and again is wasted work. With the collector paused, the
whole solver looks at a fifth to a half more positions in the same 10 s on
Sasquatch II 213, 225, 233, 239 and 254 (two runs, the CPUs swapped: 20 to
50% more on each level, 35% in all); the packing-order search, whose
positions are lists of plain numbers the collector never looks at, gains
one or two hundredths. The searches make no rings while they run (after a
search of 50,000 positions the collector finds nothing but a hundred objects
made when the modules were loaded), so the memory is the same either way.

What a search made while the collector was paused waits, unexamined, among
the youngest objects, and the collector's next round would look at all of
them at once: a pause of a second after a search of a few hundred thousand
positions. So they are handed to the oldest generation as they are
(``gc.freeze`` then ``gc.unfreeze``, each of which moves whole lists), to be
looked at in the collector's next full round, as they would have been anyway.

The optimizer's searches (:mod:`starpusher.optimize`) pause it too: on
Sasquatch I 175, the same 450,271 positions in 13% less time. Fifteen's
solver, a depth-first search that keeps little, is left as it is.

The window and the terminal search in child processes, but a program that
uses the solver may search in threads, more than one at a time: the
collector runs again when the last of them ends, and only if it was running
when the first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_searches = 0  # searches under way with the collector paused
_was_enabled = False  # whether the collector ran before the first of them


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector inside the block (for a search); nested and threaded uses add up."""
    global _searches, _was_enabled
    with _lock:
        if _searches == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _searches += 1
    try:
        yield
    finally:
        with _lock:
            _searches -= 1
            if _searches == 0:
                gc.freeze()  # every object tracked so far, the search's with them, set aside
                gc.unfreeze()  # and given back as the oldest generation, none of them examined
                if _was_enabled:
                    gc.enable()
