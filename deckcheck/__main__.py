"""python -m deckcheck"""

from deckcheck.cli import command_line

command_line()
