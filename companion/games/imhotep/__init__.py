"""What the table companion has of Imhotep's own: the board drawing's data (``drawing.py``)."""
