"""What the table companion has of Rajas of the Ganges' own: the board drawing's data (``drawing.py``)."""
