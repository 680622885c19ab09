"""Errors the engine raises; a refusal always says which rule forbids the move and why."""

from __future__ import annotations


class IllegalAction(Exception):
    """A move the rules forbid. `rule` is the rule number in the game's spec (e.g. ``KJ-3.6.3``)."""

    def __init__(self, code: str, game: str, rule: str | None, message: str) -> None:
        super().__init__(f"[{rule}] {message}" if rule else message)
        self.code = code
        self.game = game
        self.rule = rule
        self.message = message

    def to_json(self) -> dict:
        out = {"code": self.code, "game": self.game, "message": self.message}
        if self.rule:
            out["rule"] = self.rule
        return out


class Refusal(tuple):
    """A cheap (rule, message) pair returned by guard functions; turned into IllegalAction on demand.

    Guards return a Refusal instead of raising so that legal-option generation can test
    thousands of candidates per second without building exceptions.
    """

    __slots__ = ()

    def __new__(cls, rule: str, message: str) -> "Refusal":
        return tuple.__new__(cls, (rule, message))

    @property
    def rule(self) -> str:
        return self[0]

    @property
    def message(self) -> str:
        return self[1]


class DataError(ValueError):
    """Bad input data (card file, deck list): names the file, the line and what was expected."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def data_error(filename: str, line: int, field: str, message: str) -> DataError:
    return DataError([f"{filename}:{line}: {field}: {message}"])
