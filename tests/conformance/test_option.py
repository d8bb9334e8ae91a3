"""m.opt (mjOption, parsed from <option> and <flag>) against the reference, attribute by
attribute, for every model in models/ and for option sets written here."""

import numpy as np
import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import our_models, params  # noqa: E402

OPTION_SETS = {
    "defaults": "",
    "numbers": '<option timestep="0.01" impratio="3" tolerance="1e-10" ls_tolerance="0.02" '
               'noslip_tolerance="1e-5" ccd_tolerance="1e-7" gravity="0 1 -3" wind="1 2 3" '
               'magnetic="0 0 1" density="1.2" viscosity="0.001" o_margin="0.01" '
               'o_solref="0.03 1.1" o_solimp="0.8 0.9 0.01 0.4 3" o_friction="1 2 0.1 0.2 0.3" '
               'iterations="7" ls_iterations="8" noslip_iterations="9" ccd_iterations="10" '
               'sdf_iterations="11" sdf_initpoints="12"/>',
    "keywords": '<option integrator="RK4" cone="elliptic" jacobian="sparse" solver="CG"/>',
    "implicit": '<option integrator="implicit" jacobian="dense" solver="PGS"/>',
    "flags": '<option><flag constraint="disable" gravity="disable" override="enable" '
             'energy="enable" multiccd="enable" island="disable" eulerdamp="disable"/></option>',
    "repeated": '<option timestep="0.01"/><option timestep="0.02" actuatorgroupdisable="0 2 5"/>',
}


def option_values(option):
    names = [name for name in dir(option) if not name.startswith("_")]
    return {name: np.asarray(getattr(option, name)) for name in names}


def assert_options_equal(ours, ref, context):
    reference = option_values(ref)
    for name, value in reference.items():
        assert hasattr(ours, name), f"{context}: m.opt has no '{name}'"
        np.testing.assert_array_equal(np.asarray(getattr(ours, name)), value,
                                      err_msg=f"{context}: opt.{name}")


@pytest.mark.parametrize("case", sorted(OPTION_SETS))
def test_option_matches_reference(case):
    xml = f"<mujoco>{OPTION_SETS[case]}<worldbody/></mujoco>"
    assert_options_equal(mjsim.MjModel.from_xml_string(xml).opt,
                         mujoco.MjModel.from_xml_string(xml).opt, case)


@pytest.mark.parametrize("model", params(our_models()))
def test_model_options_match_reference(model):
    assert_options_equal(mjsim.MjModel.from_xml_path(str(model)).opt,
                         mujoco.MjModel.from_xml_path(str(model)).opt, str(model))


def test_option_arrays_are_writable_views():
    m = mjsim.MjModel.from_xml_string("<mujoco><worldbody/></mujoco>")
    m.opt.gravity[2] = -1.0
    assert m.opt.gravity[2] == -1.0
    m.opt.timestep = 0.01
    assert m.opt.timestep == 0.01
    with pytest.raises(ValueError):
        m.opt.gravity = [0, 0]
