import mujoco
from _models import ARM

m = mujoco.MjModel.from_xml_string(ARM)
results = {}
torso = m.body("torso")
results["torso"] = (torso.id, torso.name, torso.mass, torso.pos, torso.inertia, torso.parentid)
results["hip_range"] = m.joint("hip").range
results["knee_by_jnt"] = (m.jnt("knee").id, m.jnt("knee").stiffness, m.jnt("knee").qpos_spring)
results["wrist_dofs"] = (m.joint("wrist").dofadr, m.joint("wrist").qposadr, m.joint("wrist").type)
results["actuator0"] = (m.actuator(0).name, m.actuator(0).ctrlrange, m.actuator(0).gear,
                        m.actuator(0).trnid)
results["servo"] = (m.actuator("knee_servo").gainprm[:3], m.actuator("knee_servo").biasprm[:3])
results["geom"] = (m.geom("hand_geom").size, m.geom("hand_geom").type, m.geom("hand_geom").bodyid)
results["site"] = (m.site("tip").pos, m.site("tip").bodyid)
results["sensor"] = (m.sensor("tip_pos").dim, m.sensor("tip_pos").adr, m.sensor("acc").type)
results["key"] = (m.key("bent").qpos, m.keyframe("moving").time)
results["names"] = [m.body(i).name for i in range(m.nbody)]
