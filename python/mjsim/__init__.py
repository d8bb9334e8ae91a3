"""mjsim: a MuJoCo-compatible physics engine.

``import mjsim as mujoco`` runs MuJoCo scripts unchanged. ``__version__`` is the MuJoCo API
version mirrored (clients such as gymnasium compare it with MuJoCo releases); mjsim's own
release number is ``__mjsim_version__``.
"""

from mjsim._core import (  # noqa: F401
    MjData,
    MjModel,
    MjOption,
    mj_camlight,
    mj_comPos,
    mj_crb,
    mj_factorM,
    mj_fullM,
    mj_id2name,
    mj_kinematics,
    mj_makeM,
    mj_mulM,
    mj_name2id,
    mj_resetData,
    mj_solveM,
    mj_tendon,
    mj_transmission,
    mjtCone,
    mjtDataType,
    mjtDisableBit,
    mjtEnableBit,
    mjtGeom,
    mjtIntegrator,
    mjtJacobian,
    mjtJoint,
    mjtObj,
    mjtSensor,
    mjtSolver,
    mjtStage,
)

__version__ = "3.3.7"
__mjsim_version__ = "0.1.0"
