"""Reconciliation: the table and the engine agree, or the table is told why not.

``seen`` holds what camera and sensors report as a partial observation;
``search`` finds the engine actions that explain it; ``diagnose`` names the
rule an unexplainable change breaks; ``instructions`` words the piece moves
that put a table right; ``reconciler`` ties them to a table session.
"""
