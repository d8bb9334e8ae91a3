"""condim other than 1, 3, 4 or 6, in a geom, a default or a contact pair, is a compile error
(cpp/src/compiler/compile.cc CheckGeom, equality.cc): ValueError "invalid condim in geom" /
"invalid condim in contact pair", as the reference's, naming the element and its line. It
was accepted and crashed mj_forward. A geom_condim or pair_dim written from Python is caught
before the step (engine/model_check.cc): tests/errors/test_model_check_errors.py."""

import mujoco
import pytest

import mjsim
from support import assert_names_element_and_line

BAD = ["0", "2", "5", "7", "-1"]
GOOD = ["1", "3", "4", "6"]


def model_xml(condim: str, where: str) -> str:
    default = f'<default><geom condim="{condim}"/></default>' if where == "default" else ""
    geom = f'condim="{condim}"' if where == "geom" else ""
    pair = (f'<contact><pair geom1="floor" geom2="ball" condim="{condim}"/></contact>'
            if where == "pair" else "")
    return (f'<mujoco>\n{default}\n<worldbody>\n<geom name="floor" type="plane" size="1 1 1" {geom}/>\n'
            f'<body pos="0 0 1"><freejoint/><geom name="ball" size=".1" {geom}/></body>\n'
            f'</worldbody>\n{pair}\n</mujoco>')


@pytest.mark.parametrize("where", ["geom", "default", "pair"])
@pytest.mark.parametrize("condim", BAD)
def test_invalid_condim_is_rejected_as_the_reference_does(condim, where):
    xml = model_xml(condim, where)
    with pytest.raises(ValueError) as reference:
        mujoco.MjModel.from_xml_string(xml)
    with pytest.raises(ValueError) as ours:
        mjsim.MjModel.from_xml_string(xml)
    element = "pair" if where == "pair" else "geom"
    expected = "invalid condim in contact pair" if where == "pair" else "invalid condim in geom"
    assert expected in str(reference.value)
    line = 7 if where == "pair" else 4  # the pair, or the first geom that takes the condim
    assert_names_element_and_line(str(ours.value), element, line, expected, condim)


@pytest.mark.parametrize("where", ["geom", "default", "pair"])
@pytest.mark.parametrize("condim", GOOD)
def test_valid_condim_compiles_and_steps(condim, where):
    m = mjsim.MjModel.from_xml_string(model_xml(condim, where))
    ref = mujoco.MjModel.from_xml_string(model_xml(condim, where))
    assert list(m.geom_condim) == list(ref.geom_condim)
    assert list(m.pair_dim) == list(ref.pair_dim)
    d = mjsim.MjData(m)
    mjsim.mj_step(m, d, 5)
