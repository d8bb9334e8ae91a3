// colliders_pending.cc: DEVELOPMENT SCAFFOLD, removed before the collision issue is resolved.
// The colliders not written yet report no contact; each is deleted from here when its real
// implementation lands in its own file.
#include "engine/collision/colliders.h"

namespace mjsim {

#define MJSIM_PENDING(name)                                                                    \
  int name(const Model&, const Data&, Contact*, int, int, mjtNum) { return 0; }
MJSIM_PENDING(CollidePlaneCapsule)
MJSIM_PENDING(CollidePlaneCylinder)
MJSIM_PENDING(CollidePlaneBox)
MJSIM_PENDING(CollidePlaneConvex)
MJSIM_PENDING(CollideSphereCapsule)
MJSIM_PENDING(CollideSphereCylinder)
MJSIM_PENDING(CollideCapsuleCapsule)
MJSIM_PENDING(CollideSphereBox)
MJSIM_PENDING(CollideCapsuleBox)
MJSIM_PENDING(CollideBoxBox)
MJSIM_PENDING(CollideConvex)
#undef MJSIM_PENDING

}  // namespace mjsim
