"""The lessons, without Streamlit: the message catalogue, the guided tour's steps and the offline handout, shared by
the pages and the exports."""
