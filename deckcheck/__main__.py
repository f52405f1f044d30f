"""python -m deckcheck"""

from deckcheck import _command_line

_command_line()
