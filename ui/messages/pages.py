"""Messages of the pages (filled in as pages move to the catalogue)."""

MESSAGES: dict[str, dict[str, str]] = {}
