// sensors.cc: compiler stage for sensors (checklist A.16, B: sensor checks). Turns each
// SpecSensor into one row of the sensor_* arrays: type, output layout (datatype, needstage,
// dim, adr into sensordata), the sensorized and reference objects resolved to ids, noise,
// cutoff, contact-sensor parameters (intprm) and user data.
//   reads   ctx.spec.sensors, names of every object type (FindId), m.jnt_type jnt_limited
//           (and m.tendon_limited once tendons.cc writes it)
//   writes  m.nsensor nsensordata nuser_sensor, sensor_* arrays
#include <type_traits>
#include <utility>

#include "compiler/meshes.h"
#include "compiler/stages.h"
#include "spec/sensor_layout.h"

namespace mjsim {
namespace {

// Tendon limits are written by tendons.cc; this stage checks them when the Model has them.
template <typename M, typename = void>
struct HasTendonLimits : std::false_type {};
template <typename M>
struct HasTendonLimits<M, std::void_t<decltype(std::declval<M&>().tendon_limited)>>
    : std::true_type {};

template <typename M>
bool TendonLimited(const M& m, int id) {
  if constexpr (HasTendonLimits<M>::value) {
    return m.tendon_limited[id];
  } else {
    return true;  // no tendons can be named before tendons.cc registers them
  }
}

bool IsGeomDistanceSensor(int type) {
  return type == mjSENS_GEOMDIST || type == mjSENS_GEOMNORMAL || type == mjSENS_GEOMFROMTO;
}

class SensorResolver {
 public:
  SensorResolver(const CompileContext& ctx, const Model& m, const SpecSensor& sensor, int id)
      : ctx_(ctx), m_(m), sensor_(sensor), id_(id) {}

  [[noreturn]] void Fail(const std::string& message) const {
    ctx_.Fail("sensor", sensor_.name, id_, sensor_.source, message);
  }

  // noise, cutoff and a user sensor's declared layout: checked before any name
  void CheckValues() const {
    if (!FindSensorLayout(sensor_.type)) Fail("unknown sensor type " + std::to_string(sensor_.type));
    if (sensor_.type == mjSENS_CONTACT) CheckContact();
    bool user = sensor_.type == mjSENS_USER;
    int dim = user ? sensor_.dim : SensorDataSize(sensor_);
    int datatype = user ? sensor_.datatype : FindSensorLayout(sensor_.type)->datatype;
    if (sensor_.noise < 0) Fail("negative noise");
    if (sensor_.cutoff < 0) Fail("negative cutoff");
    if (user && dim < 0) Fail("dim must be non-negative, got " + std::to_string(dim));
    if (datatype == mjDATATYPE_QUATERNION && dim != 4) {
      Fail("datatype quaternion requires dim=4");
    }
    if (datatype == mjDATATYPE_AXIS && dim != 3) Fail("datatype axis requires dim=3");
    // a cutoff clamps real and positive outputs; for the geom distance sensors it is the
    // largest distance searched instead
    bool unit_output = datatype == mjDATATYPE_AXIS || datatype == mjDATATYPE_QUATERNION;
    if (sensor_.cutoff > 0 && unit_output && !IsGeomDistanceSensor(sensor_.type)) {
      Fail("cutoff applied to an axis or quaternion output");
    }
  }

  // <contact>: intprm holds the outputs (bits), the reduction and the number of contacts
  void CheckContact() const {
    const int* intprm = sensor_.intprm;
    std::string data = "data spec intprm[0]=" + std::to_string(intprm[0]);
    if (intprm[2] <= 0) Fail("num (intprm[2]) must be positive in sensor");
    if (intprm[0] <= 0) Fail("data spec (intprm[0]) must be positive, got " + std::to_string(intprm[0]));
    if ((intprm[0] & ((1 << kContactDataCount) - 1)) == 0) {
      Fail(data + " must have at least one bit set of the first mjNCONDATA bits");
    }
    if (intprm[0] >= (1 << kContactDataCount)) {
      Fail(data + " has bits set beyond the first mjNCONDATA bits");
    }
    if (intprm[1] < 0 || intprm[1] > 3) {
      Fail("unknown reduction criterion. got " + std::to_string(intprm[1]));
    }
    int first = sensor_.objtype, second = sensor_.reftype;
    if (first != mjOBJ_UNKNOWN && first != mjOBJ_BODY && first != mjOBJ_XBODY &&
        first != mjOBJ_GEOM && first != mjOBJ_SITE) {
      Fail("first matching criterion: if set, must be (x)body, geom or site");
    }
    if (second != mjOBJ_UNKNOWN && second != mjOBJ_BODY && second != mjOBJ_XBODY &&
        second != mjOBJ_GEOM) {
      Fail("second matching criterion: if set, must be (x)body or geom");
    }
  }

  // id of the object of `type` named `name`; -1 for none (an untyped, unnamed object)
  int Resolve(int type, const std::string& name, const char* role) const {
    if (type == mjOBJ_UNKNOWN) return -1;
    int id = ctx_.FindId(type, name);
    if (id < 0) Fail(std::string("unrecognized name '") + name + "' of " + role);
    return id;
  }

  // what the sensor type requires of the objects it reads
  void CheckObjects(int objid, int refid) const {
    int type = sensor_.type;
    if (type == mjSENS_JOINTPOS || type == mjSENS_JOINTVEL || type == mjSENS_JOINTACTFRC) {
      int joint = m_.jnt_type[objid];
      if (joint != mjJNT_SLIDE && joint != mjJNT_HINGE) Fail("joint must be slide or hinge");
    }
    if ((type == mjSENS_BALLQUAT || type == mjSENS_BALLANGVEL) && m_.jnt_type[objid] != mjJNT_BALL) {
      Fail("joint must be ball");
    }
    if ((type == mjSENS_JOINTLIMITPOS || type == mjSENS_JOINTLIMITVEL ||
         type == mjSENS_JOINTLIMITFRC) && !m_.jnt_limited[objid]) {
      Fail("joint must be limited");
    }
    if ((type == mjSENS_TENDONLIMITPOS || type == mjSENS_TENDONLIMITVEL ||
         type == mjSENS_TENDONLIMITFRC) && !TendonLimited(m_, objid)) {
      Fail("tendon must be limited");
    }
    if (IsGeomDistanceSensor(type) && sensor_.objtype == sensor_.reftype && objid == refid) {
      Fail("1st body/geom must be different from 2nd body/geom");
    }
  }

 private:
  const CompileContext& ctx_;
  const Model& m_;
  const SpecSensor& sensor_;
  int id_;
};

std::vector<const std::vector<mjtNum>*> SensorUserLists(const ElementList<SpecSensor>& sensors) {
  std::vector<const std::vector<mjtNum>*> lists;
  for (const SpecSensor& sensor : sensors) lists.push_back(&sensor.user);
  return lists;
}

// the number of outputs; a tactile sensor has 3 per vertex of its mesh (observed)
int SensorDim(const CompileContext& ctx, const SpecSensor& sensor) {
  if (sensor.type != mjSENS_TACTILE) return SensorDataSize(sensor);
  int mesh = ctx.FindId(mjOBJ_MESH, sensor.objname);
  return mesh < 0 ? 0 : 3 * static_cast<int>(ctx.meshes[mesh].vert.size() / 3);
}

}  // namespace

void CollectSensors(CompileContext& ctx, Model& m) {
  const ElementList<SpecSensor>& sensors = ctx.spec.sensors;
  m.nsensor = static_cast<int>(sensors.size());
  std::vector<std::string> names;
  for (int i = 0; i < m.nsensor; ++i) {
    SensorResolver(ctx, m, sensors[i], i).CheckValues();
    m.nsensordata += SensorDim(ctx, sensors[i]);
    names.push_back(sensors[i].name);
  }
  ctx.RegisterNames(mjOBJ_SENSOR, std::move(names));
  m.nuser_sensor = ResolveUserSize(ctx, ctx.spec.size.nuser_sensor, SensorUserLists(sensors), "sensor");
}

void FillSensors(CompileContext& ctx, Model& m) {
  const ElementList<SpecSensor>& sensors = ctx.spec.sensors;
  int adr = 0;
  for (int i = 0; i < m.nsensor; ++i) {
    const SpecSensor& sensor = sensors[i];
    SensorResolver resolver(ctx, m, sensor, i);
    int objid = resolver.Resolve(sensor.objtype, sensor.objname, "sensorized object");
    int refid = resolver.Resolve(sensor.reftype, sensor.refname, "reference object");
    resolver.CheckObjects(objid, refid);
    m.sensor_type[i] = sensor.type;
    // a built-in sensor's layout is its type's; a user sensor declares its own
    const SensorLayout& layout = *FindSensorLayout(sensor.type);
    bool user = sensor.type == mjSENS_USER;
    m.sensor_datatype[i] = user ? sensor.datatype : layout.datatype;
    m.sensor_needstage[i] = user ? sensor.needstage : layout.needstage;
    m.sensor_objtype[i] = sensor.objtype;
    m.sensor_objid[i] = objid;
    m.sensor_reftype[i] = sensor.reftype;
    m.sensor_refid[i] = refid;
    int* intprm = m.sensor_intprm + 3 * i;
    bool contact = sensor.type == mjSENS_CONTACT;
    intprm[0] = contact ? sensor.intprm[0] : 0;
    intprm[1] = contact ? sensor.intprm[1] : 0;
    intprm[2] = contact ? sensor.intprm[2] : 0;
    m.sensor_dim[i] = SensorDim(ctx, sensor);
    m.sensor_adr[i] = adr;
    adr += m.sensor_dim[i];
    m.sensor_cutoff[i] = sensor.cutoff;
    m.sensor_noise[i] = sensor.noise;
    m.sensor_plugin[i] = -1;
  }
  FillUser(m.sensor_user, m.nuser_sensor, SensorUserLists(sensors));
}

}  // namespace mjsim
