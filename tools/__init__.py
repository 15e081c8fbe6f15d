"""Build tools run by hand to regenerate data files the app ships; the app never imports them."""
