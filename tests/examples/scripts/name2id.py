import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
obj = mujoco.mjtObj
results = {
    "body": mujoco.mj_name2id(m, obj.mjOBJ_BODY, "hand"),
    "joint": mujoco.mj_name2id(m, obj.mjOBJ_JOINT, "wrist"),
    "geom": mujoco.mj_name2id(m, obj.mjOBJ_GEOM, "ball_geom"),
    "site": mujoco.mj_name2id(m, obj.mjOBJ_SITE, "palm"),
    "actuator": mujoco.mj_name2id(m, obj.mjOBJ_ACTUATOR, "knee_damper"),
    "sensor": mujoco.mj_name2id(m, obj.mjOBJ_SENSOR, "gyro"),
    "key": mujoco.mj_name2id(m, obj.mjOBJ_KEY, "moving"),
    "int_type": mujoco.mj_name2id(m, 1, "torso"),
    "missing": mujoco.mj_name2id(m, obj.mjOBJ_BODY, "nope"),
    "wrong_type": mujoco.mj_name2id(m, obj.mjOBJ_GEOM, "torso"),
    "names": [mujoco.mj_id2name(m, obj.mjOBJ_JOINT, i) for i in range(m.njnt)],
    "geom_names": [mujoco.mj_id2name(m, obj.mjOBJ_GEOM, i) for i in range(m.ngeom)],
    "world": mujoco.mj_id2name(m, obj.mjOBJ_BODY, 0),
    "out_of_range": mujoco.mj_id2name(m, obj.mjOBJ_BODY, 99),
}
