"""Messages of the guided tour."""

MESSAGES: dict[str, dict[str, str]] = {}
