"""What the table companion has of Ceylon's own: the board drawing's data (``drawing.py``)."""
