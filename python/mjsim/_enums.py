"""The mjt* enums and numeric mj* constants of the MuJoCo API, built from _enum_table.py.

They are Python int enums rather than pybind11 ones: ninety pybind11 enum types took about
five minutes of the build's compile time. They behave as mujoco's do: members are ints (equal
to, and combinable with, plain ints: mjSTATE_QPOS | mjSTATE_QVEL == 6), reached by name
(mjtObj.mjOBJ_BODY, mjtObj.__members__), built from a value (mjtObj(1); ValueError for a value
that names no member, as mujoco), with .name and .value, and str() "mjtObj.mjOBJ_BODY".
"""

from __future__ import annotations

import enum

from mjsim._enum_table import CONSTANTS, ENUMS


class MjEnum(enum.IntEnum):
    """Base of the mjt* enums."""

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else int.__format__(int(self), spec)


def make_enums() -> dict[str, type[MjEnum]]:
    """Every mjt* enum, by name."""
    return {name: MjEnum(name, members, module="mjsim", qualname=name)
            for name, members in ENUMS.items()}


__all__ = ["MjEnum", "make_enums", "CONSTANTS"]
