import mujoco
from _models import ARM, BOXES, PENDULUM

results = {}
for label, xml in [("arm", ARM), ("boxes", BOXES), ("pendulum", PENDULUM)]:
    m = mujoco.MjModel.from_xml_string(xml)
    results[label] = {name: getattr(m, name) for name in
                      ["nq", "nv", "nu", "na", "nbody", "njnt", "ngeom", "nsite", "nsensor",
                       "nsensordata", "nkey", "nM", "nmocap"]}
    results[label + "_opt"] = (m.opt.timestep, m.opt.gravity, int(m.opt.integrator),
                               int(m.opt.cone), int(m.opt.solver), m.opt.iterations,
                               m.opt.tolerance)
    results[label + "_stat"] = (m.stat.meaninertia, m.stat.meanmass, m.stat.extent)
    d = mujoco.MjData(m)
    results[label + "_data"] = (d.qpos.shape, d.xpos.shape, d.xmat.shape, d.qM.shape,
                                str(d.qpos.dtype))
