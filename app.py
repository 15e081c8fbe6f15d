"""Attention Lab: the entry point. `streamlit run app.py` first imports this file to find its server (the st.App
below: ui/server.py's routes and middleware; the server imports the app's modules in a thread at start-up, so it
answers at once), then runs it as __main__ on every rerun: the shell (ui/shell.py) draws the header and the page that
the navigation picks.
"""
import streamlit as st

if __name__ == "__main__":  # a rerun
    from ui import shell

    shell.main()
else:  # the server: Streamlit 1.67 finds this st.App in the entry script's source
    from ui import server

    app = st.App(__file__, routes=server.routes(), middleware=server.middleware(), lifespan=server.lifespan)
