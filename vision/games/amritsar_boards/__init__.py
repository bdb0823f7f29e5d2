"""Amritsar's personal boards in the camera's view (an opt-in table layout).

Amritsar's main board is read by :mod:`vision` itself; this package adds the
players' boards lying beside it: their assumed geometry (:mod:`.layout`,
``hardware/amritsar-boards/``), their markers (:mod:`.plan`), what the camera
can see of one (:mod:`.view`), a renderer on the shared harsh camera
(:mod:`.render`) and a reader with the honesty rules of every zone
(:mod:`.read`). It registers no game table: Amritsar's table stays
:mod:`vision`'s, and the boards are one more reading beside it.
"""
