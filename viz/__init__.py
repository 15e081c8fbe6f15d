"""Figure builders: NumPy arrays + labels -> plotly figures, altair charts, DOT strings."""
