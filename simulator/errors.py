"""Error types shared by every layer.

A :class:`UserError` is something the user can fix (a misspelt card, an illegal deck, a bad
option). The command line prints its message as one line and exits with code 2, never with a
traceback. Anything else that escapes is an internal error and is allowed to be loud.
"""


class UserError(Exception):
    """A problem with the user's input; ``str(err)`` is the one line shown to them."""


class DeckError(UserError):
    """A deck file that cannot be read or is not legal."""


class ScenarioError(UserError):
    """A scenario file that cannot be read or is not valid."""


class CardDataError(Exception):
    """The bundled card data is inconsistent: an internal error, never the user's fault."""
