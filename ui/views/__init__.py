"""Pages' charts as functions of (trace, view state): one definition that both the page's rerun and the keystroke
route (ui/route.py) draw from."""
