"""Reconciliation for any game: the table and the engine agree, or the table is told why not.

``diff`` lists, field by field, where what camera and sensors saw differs from
an engine observation; ``generic_search`` and ``generic`` find the actions
that explain a change for a game served through its ``Rules``; ``traceless``
takes the answers that leave no trace on the table. Amritsar's reconciler
(sections, districts, the Maharajah, its sensor board) is in
``companion.games.amritsar.reconcile``.
"""
