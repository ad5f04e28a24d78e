"""Which techniques a search uses: one options type for every search, forwards and backwards."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SearchOptions:
    """Which techniques the search uses: all of them, unless measuring what one is worth."""

    #: How strongly the bound outweighs the pushes made (1 = A*, optimal pushes).
    bound_weight: int = 10
    #: Match stars to goals (Hungarian); else each star counts its nearest goal.
    matching: bool = True
    dead_squares: bool = True
    freeze: bool = True
    corrals: bool = True
    #: Corrals whose stars alone cannot be sorted out (a small search), kept as deadlock sets.
    corral_deadlocks: bool = True
    #: Small sets of stars by the walls proven dead before the search starts (:mod:`.precalculated`).
    deadlock_sets: bool = True
    #: Positions the search stops making progress in tested whole, and positions with no push
    #: worth searching (stuck), their fewest dead stars kept.
    position_deadlocks: bool = True
    #: Stars frozen on goals that wall other goals off from every star, or leave a goal
    #: that no star could get to with the player walking round it.
    goal_cut_off: bool = True
    #: The squares a group of stars frozen on goals leaves no goal for, kept as deadlock sets.
    frozen_goals: bool = True
    tunnel_macros: bool = True
    goal_room_macros: bool = True
    #: Positions keyed by the player's whole area rather than the square they stand on.
    normalised_area: bool = True
    #: Positions met before are not searched again (off: every push leads to a new node).
    transpositions: bool = True
    #: Search pulls from the solved position back to the start (:mod:`.backward`)
    #: instead of pushes from the start; only the bound's weight, the matching and
    #: ``newest_first`` apply then.
    backward: bool = False
    #: Among positions of equal priority take the newest first:
    #: a walk down a plateau of equal bounds instead of across it.
    newest_first: bool = False
    #: Search forwards by the features of positions (:mod:`.feature_search`): how far
    #: the packing plan has come first. Only the prunings apply then, not the bound.
    features: bool = False
    #: Search forwards ranked by how far the packing plan has come, diving along it
    #: (:mod:`.packing_search`). Only the prunings apply then, not the matching bound.
    packing_order: bool = False

    @classmethod
    def without(cls, names: str) -> SearchOptions:
        """Default options with a comma-separated list of techniques switched off."""
        switched_off = {name.strip().replace("-", "_") for name in names.split(",") if name.strip()}
        unknown = switched_off - set(TECHNIQUES)
        if unknown:
            raise ValueError(f"unknown techniques: {', '.join(sorted(unknown))}")
        return cls(**dict.fromkeys(switched_off, False))


#: Names of the techniques :meth:`SearchOptions.without` can switch off.
TECHNIQUES = (
    "matching",
    "dead_squares",
    "freeze",
    "corrals",
    "corral_deadlocks",
    "deadlock_sets",
    "position_deadlocks",
    "goal_cut_off",
    "frozen_goals",
    "tunnel_macros",
    "goal_room_macros",
    "normalised_area",
    "transpositions",
)
