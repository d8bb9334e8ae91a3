"""The inertia matrix (engine/inertia.cc) when the model is changed at run time.

A simple body (body_simple: no children, inertial frame = body frame, joints along the axes)
has a diagonal, configuration-independent M; the reference takes that diagonal from
m.dof_M0 rather than from body_mass/body_inertia (observed on mujoco 3.3.7), so changing a
simple body's mass at run time changes its weight (gravity) but not its M until mj_setConst.
Non-simple bodies' M follows body_mass at once. Both engines must agree on either kind.
"""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

from support import assert_fields_close, load_pair  # noqa: E402

MODEL = """<mujoco><worldbody>
  <body name="simple" pos="0 0 1"><freejoint/><geom type="box" size=".1 .2 .3"/></body>
  <body name="offset" pos="1 0 1"><joint type="slide" axis="1 0 0"/>
    <joint type="hinge" axis="0 1 0"/><geom type="box" size=".1 .1 .1" pos=".05 0 0"/></body>
</worldbody></mujoco>"""


@pytest.mark.parametrize("change", [
    pytest.param(lambda m: m.body_mass.__setitem__(1, 2.5), id="simple_body_mass"),
    pytest.param(lambda m: m.body_inertia.__setitem__(1, [.1, .2, .3]), id="simple_inertia"),
    pytest.param(lambda m: m.dof_armature.__setitem__(slice(0, 6), 0.4), id="simple_armature"),
    pytest.param(lambda m: m.dof_M0.__setitem__(slice(0, 6), 3.0), id="dof_M0"),
    pytest.param(lambda m: m.body_mass.__setitem__(2, 0.5), id="offset_body_mass"),
    pytest.param(lambda m: m.body_mass.__setitem__(slice(1, 3), 0), id="zero_mass"),
])
def test_runtime_changes_give_reference_mass_matrix(change):
    pair = load_pair(MODEL, seed=3)
    assert list(pair.m.body_simple) == list(pair.ref_m.body_simple) == [1, 1, 0]
    change(pair.m)
    change(pair.ref_m)
    pair.call("mj_forward")
    assert_fields_close(pair.d, pair.ref_d, ["qM"], atol=1e-12, rtol=1e-12)
    dofs = slice(0, 6)  # the simple body's accelerations (the other's M may be singular)
    np.testing.assert_allclose(np.asarray(pair.d.qacc_smooth)[dofs],
                               np.asarray(pair.ref_d.qacc_smooth)[dofs], rtol=1e-10, atol=1e-10)
