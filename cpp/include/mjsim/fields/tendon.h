// fields/tendon.h: Model and Data arrays of tendons and their wrap objects; Model arrays are
// written by compiler/tendons.cc, Data arrays by engine/tendon.cc (mj_tendon).
// Part of the fields.h table (same X-macro conventions); the object count and name addresses
// are in fields.h.
#pragma once

#define MJSIM_TENDON_SIZES(X) \
  X(nwrap, "entries in all tendon paths")

//     type    name                  rows     cols  doc
#define MJSIM_TENDON_FIELDS(X)                                                                       \
  X(int,     tendon_adr,           ntendon, 1, "first entry of the tendon in the wrap_* arrays (compiler)") \
  X(int,     tendon_num,           ntendon, 1, "entries of the tendon in the wrap_* arrays (compiler)")     \
  X(int,     tendon_matid,         ntendon, 1, "material id for rendering; -1: none (compiler)")    \
  X(int,     tendon_group,         ntendon, 1, "group for visibility (compiler)")                  \
  X(mjtByte, tendon_limited,       ntendon, 1, "whether the length is limited (compiler)")        \
  X(mjtByte, tendon_actfrclimited, ntendon, 1, "whether actuator forces on the tendon are clamped (compiler)") \
  X(mjtNum,  tendon_width,         ntendon, 1, "width for rendering (compiler)")                   \
  X(mjtNum,  tendon_solref_lim,    ntendon, 2, "constraint solver reference: limit (compiler)")    \
  X(mjtNum,  tendon_solimp_lim,    ntendon, 5, "constraint solver impedance: limit (compiler)")    \
  X(mjtNum,  tendon_solref_fri,    ntendon, 2, "constraint solver reference: friction (compiler)") \
  X(mjtNum,  tendon_solimp_fri,    ntendon, 5, "constraint solver impedance: friction (compiler)") \
  X(mjtNum,  tendon_range,         ntendon, 2, "tendon length limits (compiler)")                  \
  X(mjtNum,  tendon_actfrcrange,   ntendon, 2, "clamp range of the summed actuator force on the tendon (compiler)")         \
  X(mjtNum,  tendon_margin,        ntendon, 1, "a limit activates within this distance (compiler)")      \
  X(mjtNum,  tendon_stiffness,     ntendon, 1, "stiffness coefficient (compiler)")                 \
  X(mjtNum,  tendon_damping,       ntendon, 1, "damping coefficient (compiler)")                   \
  X(mjtNum,  tendon_armature,      ntendon, 1, "inertia added along the tendon's length (compiler)") \
  X(mjtNum,  tendon_frictionloss,  ntendon, 1, "loss due to friction (compiler)")                  \
  X(mjtNum,  tendon_lengthspring,  ntendon, 2, "spring resting length range (compiler)")           \
  X(mjtNum,  tendon_length0,       ntendon, 1, "tendon length in qpos0 (compiler)")                \
  X(mjtNum,  tendon_user,          ntendon, m.nuser_tendon, "user data (compiler)")                \
  X(float,   tendon_rgba,          ntendon, 4, "color used without a material (compiler)")         \
  X(int,     wrap_type,            nwrap,   1, "wrap object type (mjtWrap) (compiler)")            \
  X(int,     wrap_objid,           nwrap,   1, "id of the joint, site or geom at this entry (compiler)")          \
  X(mjtNum,  wrap_prm,             nwrap,   1, "by entry kind: a pulley's divisor, a joint's coefficient, a wrapping geom's side site (compiler)")

#define MJSIM_TENDON_DATA_FIELDS(X)                                                                 \
  X(int,     ten_wrapadr,  ntendon,  1,    "first entry of the tendon's path in wrap_obj and wrap_xpos (tendon.cc)") \
  X(int,     ten_wrapnum,  ntendon,  1,    "path points the tendon currently has (tendon.cc)")  \
  X(mjtNum,  ten_length,   ntendon,  1,    "tendon lengths (tendon.cc)")                          \
  X(int,     tendon_efcadr, ntendon, 1,    "first constraint row of the tendon (equality, friction, limit); -1: none (constraint.cc)") \
  X(int,     ten_J_rownnz, ntendon,  1,    "sparse ten_J: number of entries per row (tendon.cc)") \
  X(int,     ten_J_rowadr, ntendon,  1,    "sparse ten_J: row start address (tendon.cc)")         \
  X(int,     ten_J_colind, ntendon,  m.nv, "sparse ten_J: column (dof) indices (tendon.cc)")      \
  X(mjtNum,  ten_J,        ntendon,  m.nv, "tendon moments; dense, or sparse as mj_isSparse (tendon.cc)") \
  X(int,     wrap_obj,     nwrap,    2,    "geom wrapped at each path point; -1 site, -2 pulley (tendon.cc)")           \
  X(mjtNum,  wrap_xpos,    nwrap,    6,    "world positions of path points, two per row (tendon.cc)")
