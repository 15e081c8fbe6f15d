"""Serving a whole class: replicas behind nginx, the container image, the Kubernetes manifest, the shipped font."""
