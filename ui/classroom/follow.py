"""What a class shares: the lecturer's view parameters without the personal ones (each student keeps their own
language and presenter view), as URL parameters, checked like a link."""
from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

from ui.url import from_url, url_params
from ui.view import PARAMS


def shared(values: dict[str, Any]) -> dict[str, str]:
    """A view state's parameters a class shares, by URL name (the sentence and every non-default one)."""
    return url_params({name: value for name, value in values.items() if not PARAMS[name].personal})


def own(values: dict[str, Any]) -> dict[str, str]:
    """A view state's personal parameters, by URL name (the student's, kept while following)."""
    return {PARAMS[name].url: str(value) for name, value in values.items() if PARAMS[name].personal}


def checked(query: str) -> dict[str, str]:
    """A lecturer's query string as the class shares it: every value checked as a link's is."""
    return shared(from_url(dict(parse_qsl(query, keep_blank_values=True)))[0])


def followed(values: dict[str, Any], params: dict[str, str]) -> dict[str, Any]:
    """A student's view state after taking the lecturer's shared parameters: theirs for the personal ones."""
    lecturer = from_url(params)[0]
    return {name: values[name] if PARAMS[name].personal else lecturer[name] for name in PARAMS}
