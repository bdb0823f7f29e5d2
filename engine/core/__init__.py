"""The game-independent core every game's rules are written against.

What it is for: the companion (camera, sensors, log, phones) serves several
board games. Everything that does not depend on which game is on the table
lives here: the ``Rules`` protocol a game implements, the registry of games
by name, refusals with their rulebook reason, score sheets, observations the
camera can check, and the seat constants.

A game is a package ``engine/<name>/`` that builds one ``Rules`` object and
registers it (``engine.core.registry``). The rest of the product asks the
registry for a game by name and talks only to that object.

What it may import: the standard library only, like every game's rules.
"""
