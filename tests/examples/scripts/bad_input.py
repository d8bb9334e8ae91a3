"""Mistakes users make raise the same exception types as in mujoco."""
import mujoco
import numpy as np
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
d = mujoco.MjData(m)


def error_of(call):
    try:
        call()
    except Exception as error:  # the type is the result
        return type(error).__name__
    return "no error"


def caught_as_value_error(call):
    try:
        call()
    except ValueError:
        return True
    return False


def size_error_of(call):
    """Wrong sizes: mujoco raises TypeError; mjsim ValueError naming the argument."""
    name = error_of(call)
    return "TypeError or ValueError" if name in ("TypeError", "ValueError") else name


results = {
    "unknown_body": error_of(lambda: m.body("nope")),
    "unknown_joint_data": error_of(lambda: d.joint("nope")),
    "body_index": error_of(lambda: m.body(99)),
    "actuator_index": error_of(lambda: d.actuator(-5)),
    "state_size": size_error_of(lambda: mujoco.mj_setState(
        m, d, np.zeros(3), mujoco.mjtState.mjSTATE_PHYSICS)),
    "jac_shape": size_error_of(lambda: mujoco.mj_jacBody(m, d, np.zeros((3, 2)), None, 1)),
    "applyFT_size": size_error_of(lambda: mujoco.mj_applyFT(
        m, d, np.zeros(2), np.zeros(3), np.zeros(3), 1, np.zeros(m.nv))),
    "qpos_assign": size_error_of(lambda: setattr(d, "qpos", np.zeros(3))),
    "mulM_size": size_error_of(lambda: mujoco.mj_mulM(m, d, np.zeros(m.nv), np.zeros(2))),
    "xml": error_of(lambda: mujoco.MjModel.from_xml_string("<mujoco><bad/></mujoco>")),
    "path_caught": caught_as_value_error(
        lambda: mujoco.MjModel.from_xml_path("/nonexistent/model.xml")),
}
