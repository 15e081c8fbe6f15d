"""Pages' charts as pure functions of (trace, View) (ui/view.py): one definition that both the page's rerun and the
keystroke route (ui/route.py) draw from, with the same arguments. Nothing here reads Streamlit, the session or a
ContextVar (tests/app/test_pure_views.py)."""
