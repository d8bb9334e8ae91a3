import mujoco
from _models import ARM, BOXES, PENDULUM

results = {}
for label, xml in [("arm", ARM), ("boxes", BOXES), ("pendulum", PENDULUM)]:
    m = mujoco.MjModel.from_xml_string(xml)
    results[label] = [mujoco.mj_stateSize(m, 1 << bit) for bit in range(int(mujoco.mjtState.mjNSTATE))]
    results[label + "_all"] = mujoco.mj_stateSize(m, int(mujoco.mjtState.mjSTATE_FULLPHYSICS))
results["bits"] = [int(v) for v in (mujoco.mjtState.mjSTATE_TIME, mujoco.mjtState.mjSTATE_QPOS,
                                    mujoco.mjtState.mjSTATE_PHYSICS, mujoco.mjtState.mjSTATE_USER)]
