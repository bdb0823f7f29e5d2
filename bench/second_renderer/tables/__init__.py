"""Scene generators: one module per game, each turning a layout and a marker plan into a Table."""
