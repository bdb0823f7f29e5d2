"""Players that search: information-set MCTS over the ``Rules`` protocol, for every game.

What it is for: an opponent (or a companion seat) that plays any registered
game well without game code, hints and the review after a game
(``engine.core.review``). ``determinize`` is the optional part of ``Rules``
each game implements so that a search never reads a secret; ``ismcts`` is the
search; ``players`` names the bots (random, greedy, easy, normal, strong).

What it may import: the standard library and ``engine.core`` only.
"""
