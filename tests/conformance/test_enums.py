"""Every mjt* enum of the reference exists in mjsim with the same member names and values, and
the numeric mj* constants (mjPI, mjMAXVAL, ...) are equal."""

import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402

ENUMS = sorted(name for name in dir(mujoco) if name.startswith("mjt"))


@pytest.mark.parametrize("name", ENUMS)
def test_enum_matches_reference(name):
    ours = getattr(mjsim, name, None)
    assert ours is not None, f"mjsim lacks {name}"
    expected = {member: int(value) for member, value in getattr(mujoco, name).__members__.items()}
    found = {member: int(value) for member, value in ours.__members__.items()}
    assert found == expected


def test_enum_members_behave_like_the_reference():
    body = mjsim.mjtObj.mjOBJ_BODY
    assert body == 1 and int(body) == 1 and body.name == "mjOBJ_BODY"
    assert mjsim.mjtObj(1) == body
    assert int(mjsim.mjtState.mjSTATE_QPOS | mjsim.mjtState.mjSTATE_QVEL) == 6
    assert mjsim.mjtState.mjSTATE_INTEGRATION.value == 8191
    assert str(body) == str(mujoco.mjtObj.mjOBJ_BODY) == "mjtObj.mjOBJ_BODY"
    assert f"{body}" == f"{mujoco.mjtObj.mjOBJ_BODY}" and repr(body) == repr(mujoco.mjtObj.mjOBJ_BODY)
    flags = mjsim.mjtDisableBit.mjDSBL_CONTACT | mjsim.mjtDisableBit.mjDSBL_LIMIT
    assert flags == 24 and type(flags) is int


def test_enum_from_unknown_value_raises_like_the_reference():
    with pytest.raises(ValueError):
        mujoco.mjtObj(77)
    with pytest.raises(ValueError, match="mjtObj"):
        mjsim.mjtObj(77)


def test_numeric_constants_match_reference():
    names = [name for name in dir(mujoco) if name.startswith("mj") and not name.startswith(
        ("mjt", "mj_", "mju_", "mjd_", "mjv_", "mjr_", "mjs_"))]
    checked = 0
    for name in names:
        value = getattr(mujoco, name)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        assert getattr(mjsim, name) == value, name
        assert type(getattr(mjsim, name)) is type(value), name
        checked += 1
    assert checked >= 20


STRING_CONSTANTS = ["mjDISABLESTRING", "mjENABLESTRING", "mjTIMERSTRING", "mjLABELSTRING",
                    "mjFRAMESTRING", "mjVISSTRING", "mjRNDSTRING"]


@pytest.mark.parametrize("name", STRING_CONSTANTS)
def test_string_constant_matches_reference(name):
    ours, expected = getattr(mjsim, name), getattr(mujoco, name)
    assert type(ours) is type(expected) is tuple
    assert ours == expected


@pytest.mark.parametrize("name", STRING_CONSTANTS)
def test_string_constant_cannot_be_changed(name):
    for module in (mujoco, mjsim):
        with pytest.raises(TypeError):
            getattr(module, name)[0] = "changed"


@pytest.mark.parametrize("name", sorted(mjsim._core._cpp_enums))
def test_cpp_enum_table_matches_reference(name):
    """The C++ tables (mjsim/types.h, mjsim/vis_enums.h) that the engine and the mj*STRING
    constants use have the reference's members and values (the counts mjN* aside)."""
    expected = [(member, int(value)) for member, value in getattr(mujoco, name).__members__.items()
                if not member.startswith("mjN")]
    assert mjsim._core._cpp_enums[name] == expected
