"""Star Pusher: a Sokoban game, and Fifteen, the sliding-tile puzzle."""

__version__ = "0.1.0"
