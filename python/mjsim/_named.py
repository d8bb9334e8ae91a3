"""Named access, as the mujoco package offers it: ``m.body('torso').mass``,
``d.joint('hip').qpos``, ``d.actuator(0).ctrl``. Each call returns an object whose attributes
are NumPy views into the MjModel or MjData arrays (writing ``d.joint('hip').qpos[0] = 1``
changes the state). An object is named by its name or its index.

Which arrays belong to an object comes from the field table (fields.h, exposed as
``_core._model_field_rows`` and ``_core._data_field_rows``: field name -> the size that counts
its rows): a model view of a body holds every ``body_*`` array's row, without the prefix.
Joints also hold their dofs' rows (``dof_*``, ``qvel``, ``qfrc_*``...) and their qpos entries.

Assigning an attribute writes into the array (``m.body('torso').mass = 2``), as in mujoco. The
arrays of an MjModel or MjData never move, so the view object of each (kind, index) is built
once per MjModel or MjData and cached: a named access costs a dictionary lookup.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

import numpy as np

from mjsim import _core
from mjsim._enum_table import ENUMS

QPOS_WIDTH = {0: 7, 1: 4, 2: 1, 3: 1}  # mjtJoint -> qpos entries
DOF_WIDTH = {0: 6, 1: 3, 2: 1, 3: 1}   # mjtJoint -> dofs
# A joint view shows its dofs' rows under the dof array's name (joint(i).bodyid is dof_bodyid,
# one entry per dof), except these, which are the joint's own (jnt_solref: limit parameters).
JOINT_OWN = {"solref", "solimp"}
OBJECT_TYPE = dict(ENUMS["mjtObj"])  # mjtObj member name -> value


@dataclass(frozen=True)
class Kind:
    """One kind of named object: how it is looked up and which arrays hold its rows."""

    label: str                 # for the view's class name: Body -> _MjModelBodyViews
    objtype: str               # mjtObj member
    count: str                 # model size counting the objects
    model_prefix: str          # Model arrays of this kind start with this
    data_prefix: str | None    # Data arrays of this kind start with this (stripped); None: none
    data_names: dict = field(default_factory=dict)  # Data arrays without the prefix: name -> attr
    # images (hfield heights, texture pixels): `<prefix>data` from `<prefix>adr`, shaped by these
    # per-object sizes
    image_shape: tuple = ()


KINDS = {
    "body": Kind("Body", "mjOBJ_BODY", "nbody", "body_", ""),
    "joint": Kind("Joint", "mjOBJ_JOINT", "njnt", "jnt_", ""),
    "geom": Kind("Geom", "mjOBJ_GEOM", "ngeom", "geom_", "geom_"),
    "site": Kind("Site", "mjOBJ_SITE", "nsite", "site_", "site_"),
    "camera": Kind("Camera", "mjOBJ_CAMERA", "ncam", "cam_", "cam_"),
    "light": Kind("Light", "mjOBJ_LIGHT", "nlight", "light_", "light_"),
    "actuator": Kind("Actuator", "mjOBJ_ACTUATOR", "nu", "actuator_", "actuator_", {"ctrl": "ctrl"}),
    "sensor": Kind("Sensor", "mjOBJ_SENSOR", "nsensor", "sensor_", None),
    "tendon": Kind("Tendon", "mjOBJ_TENDON", "ntendon", "tendon_", "ten_"),
    "equality": Kind("Equality", "mjOBJ_EQUALITY", "neq", "eq_", None),
    "mesh": Kind("Mesh", "mjOBJ_MESH", "nmesh", "mesh_", None),
    "hfield": Kind("Hfield", "mjOBJ_HFIELD", "nhfield", "hfield_", None,
                   image_shape=("nrow", "ncol")),
    "texture": Kind("Texture", "mjOBJ_TEXTURE", "ntex", "tex_", None,
                    image_shape=("height", "width", "nchannel")),
    "material": Kind("Material", "mjOBJ_MATERIAL", "nmat", "mat_", None),
    "key": Kind("Keyframe", "mjOBJ_KEY", "nkey", "key_", None),
    "pair": Kind("Pair", "mjOBJ_PAIR", "npair", "pair_", None),
    "exclude": Kind("Exclude", "mjOBJ_EXCLUDE", "nexclude", "exclude_", None),
    "numeric": Kind("Numeric", "mjOBJ_NUMERIC", "nnumeric", "numeric_", None),
    "text": Kind("Text", "mjOBJ_TEXT", "ntext", "text_", None),
    "tuple": Kind("Tuple", "mjOBJ_TUPLE", "ntuple", "tuple_", None),
    "skin": Kind("Skin", "mjOBJ_SKIN", "nskin", "skin_", None),
}
# accessor names (as the mujoco package spells them) -> kind
MODEL_ACCESSORS = {**{name: name for name in KINDS}, "jnt": "joint", "cam": "camera",
                   "eq": "equality", "mat": "material", "tex": "texture", "keyframe": "key"}
DATA_ACCESSORS = {"body": "body", "joint": "joint", "jnt": "joint", "geom": "geom", "site": "site",
                  "camera": "camera", "cam": "camera", "light": "light", "actuator": "actuator",
                  "sensor": "sensor", "tendon": "tendon", "ten": "tendon"}


class _Views:
    """Attributes are views of one object's rows; ``id`` and ``name`` identify it."""

    def __setattr__(self, name, value):
        current = self.__dict__.get(name)
        if isinstance(current, np.ndarray):  # write into the model or data array
            try:
                np.copyto(current, np.reshape(value, current.shape) if np.size(value) ==
                          current.size else value, casting="same_kind")
            except (ValueError, TypeError) as error:
                raise ValueError(f"cannot assign to '{name}' of shape {current.shape}: "
                                 f"{error}") from None
            return
        object.__setattr__(self, name, value)

    def __repr__(self):
        lines = [f"<{type(self).__name__}"]
        for key, value in sorted(vars(self).items()):
            if key.startswith("_"):
                continue
            lines.append(f"  {key}: {value!r}")
        return "\n".join(lines) + "\n>"


_VIEW_CLASSES: dict[str, type] = {}


def _actuator_moment(view) -> np.ndarray:
    """The actuator's moment arms on every dof (nv), from the compressed actuator_moment of
    this step; a new array on each read. (The reference's view is nv values from id * nv of
    the compressed array, which mixes actuators; this is the actuator's own row.)"""
    data = view._data()
    row = np.zeros(data.model.nv)
    start, count = int(data.moment_rowadr[view.id]), int(data.moment_rownnz[view.id])
    np.add.at(row, data.moment_colind[start:start + count], data.actuator_moment[start:start + count])
    return row


# attributes computed on each read rather than viewed: (owner, kind) -> {name: property}
_COMPUTED = {("Data", "actuator"): {"moment": property(_actuator_moment)}}


def _view_class(owner: str, kind: Kind) -> type:
    name = f"_Mj{owner}{kind.label}Views"
    if name not in _VIEW_CLASSES:
        kind_name = next(k for k, v in KINDS.items() if v is kind)
        _VIEW_CLASSES[name] = type(name, (_Views,), dict(_COMPUTED.get((owner, kind_name), {})))
    return _VIEW_CLASSES[name]


def _resolve(model, kind: Kind, key) -> int:
    """The index of the object named or numbered `key`."""
    count = getattr(model, kind.count)
    if not isinstance(key, (int, np.integer, str)):
        raise TypeError(f"{kind.label.lower()} must be named by a str or an int, got {type(key).__name__}")
    if isinstance(key, str):
        objtype = OBJECT_TYPE[kind.objtype]
        index = _core.mj_name2id(model, objtype, key)
        if index < 0:
            names = sorted(n for n in (_core.mj_id2name(model, objtype, i) for i in range(count)) if n)
            raise KeyError(f"Invalid name '{key}'. Valid names: {names}")
        return index
    if not 0 <= key < count:
        raise IndexError(f"Invalid index {key}. Valid indices from 0 to {count - 1}")
    return int(key)


def _row(array: np.ndarray, index: int) -> np.ndarray:
    """Row `index` of a field as a view: a 1-element slice for vectors, else the row."""
    return array[index:index + 1] if array.ndim == 1 else array[index]


def _address_range(model, kind_name: str, index: int, unit: str) -> tuple[int, int] | None:
    """For joints: the (start, stop) of their qpos ('nq') or dof ('nv') entries."""
    if kind_name != "joint":
        return None
    joint_type = int(model.jnt_type[index])
    if unit == "nq":
        start = int(model.jnt_qposadr[index])
        return start, start + QPOS_WIDTH[joint_type]
    start = int(model.jnt_dofadr[index])
    return start, start + DOF_WIDTH[joint_type]


def _fill(view, source, rows_table: dict, model, kind_name: str, kind: Kind, index: int,
          prefix: str | None, names: dict, extra_prefixes: dict) -> None:
    """Sets view attributes from the arrays of `source` (an MjModel or MjData) that belong to
    the object: for joints first the dof- and qpos-indexed arrays (`extra_prefixes`: rows ->
    prefix to strip; a dof array wins over a joint array of the same name, as in mujoco:
    joint(i).bodyid is dof_bodyid), then the rows counted by kind.count with `prefix` (or
    named in `names`)."""
    selected = {}
    for field_name, rows in rows_table.items():
        if rows in extra_prefixes and field_name.startswith(extra_prefixes[rows]):
            attribute = field_name[len(extra_prefixes[rows]):]
            if attribute in JOINT_OWN:
                continue
            span = _address_range(model, kind_name, index, rows)
            selected.setdefault(attribute, (field_name, slice(*span)))
    for field_name, rows in rows_table.items():
        if rows != kind.count or field_name.startswith("name_"):
            continue
        if field_name in names:
            selected.setdefault(names[field_name], (field_name, index))
        elif prefix is not None and field_name.startswith(prefix):
            selected.setdefault(field_name[len(prefix):], (field_name, index))
    # variable-length rows (tuple_objtype, numeric_data...): counted by n<kind>data, placed by
    # <prefix>adr and <prefix>size
    if kind.image_shape:
        _fill_image(view, source, kind, index)
    elif prefix and f"{prefix}adr" in rows_table and f"{prefix}size" in rows_table:
        start = int(getattr(source, f"{prefix}adr")[index])
        stop = start + int(getattr(source, f"{prefix}size")[index])
        for field_name, rows in rows_table.items():
            if rows == f"n{prefix[:-1]}data" and field_name.startswith(prefix):
                selected.setdefault(field_name[len(prefix):], (field_name, slice(start, stop)))
    for attribute, (field_name, selector) in selected.items():
        array = getattr(source, field_name)
        if isinstance(array, np.ndarray):
            object.__setattr__(view, attribute, _row(array, selector) if isinstance(selector, int) else array[selector])


def _fill_image(view, model, kind: Kind, index: int) -> None:
    """view.data: the object's image rows of `<prefix>data`, shaped (rows, columns[, channels])."""
    prefix = kind.model_prefix
    shape = tuple(int(getattr(model, prefix + size)[index]) for size in kind.image_shape)
    start = int(getattr(model, prefix + "adr")[index])
    pixels = getattr(model, prefix + "data")
    object.__setattr__(view, "data", pixels[start:start + int(np.prod(shape))].reshape(shape))


def _model_view(model, kind_name: str, key):
    kind = KINDS[kind_name]
    index = _resolve(model, kind, key)
    view = _view_class("Model", kind)()
    view.id = index
    view.name = _core.mj_id2name(model, OBJECT_TYPE[kind.objtype], index) or ""
    extra = {"nv": "dof_", "nq": "qpos"} if kind_name == "joint" else {}
    _fill(view, model, _core._model_field_rows, model, kind_name, kind, index, kind.model_prefix,
          {}, extra)
    if kind_name == "joint":  # qpos0, qpos_spring keep their names
        start, stop = _address_range(model, "joint", index, "nq")
        view.qpos0 = model.qpos0[start:stop]
        view.qpos_spring = model.qpos_spring[start:stop]
    return view


def _data_view(data, kind_name: str, key):
    model = data.model
    kind = KINDS[kind_name]
    index = _resolve(model, kind, key)
    view = _view_class("Data", kind)()
    view.id = index
    view.name = _core.mj_id2name(model, OBJECT_TYPE[kind.objtype], index) or ""
    if kind_name == "sensor":
        if hasattr(data, "sensordata"):
            start = int(model.sensor_adr[index])
            view.data = data.sensordata[start:start + int(model.sensor_dim[index])]
        return view
    object.__setattr__(view, "_data", weakref.ref(data))
    extra = {"nv": "", "nq": ""} if kind_name == "joint" else {}
    _fill(view, data, _core._data_field_rows, model, kind_name, kind, index, kind.data_prefix,
          kind.data_names, extra)
    return view


# MjModel or MjData -> {(kind, index): view}; the views live as long as their owner
_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _accessor_key(kind_name: str, args: tuple, kwargs: dict):
    """The key of an accessor call, as the reference's two overloads take it: (index: int)
    positionally, or (name: str = '')."""
    if len(args) == 1 and not kwargs:
        key = args[0]
        if isinstance(key, (int, np.integer, np.bool_)):
            return int(key)
        if isinstance(key, (str, bytes)):
            return key.decode() if isinstance(key, bytes) else key
    elif not args and not kwargs:
        return ""
    elif not args and kwargs.keys() == {"name"} and isinstance(kwargs["name"], (str, bytes)):
        name = kwargs["name"]
        return name.decode() if isinstance(name, bytes) else name
    raise TypeError(f"{kind_name}(): incompatible function arguments: takes (index: int) or "
                    f"(name: str = ''), got args={args!r}, kwargs={kwargs!r}")


def _accessor(make, kind_name: str, owner: str):
    kind = KINDS[kind_name]

    def access(self, *args, **kwargs):
        key = _accessor_key(kind_name, args, kwargs)
        views = _CACHE.get(self)
        if views is None:
            views = _CACHE[self] = {}
        view = views.get((kind_name, key))
        if view is None:
            model = self if owner == "MjModel" else self.model
            index = _resolve(model, kind, key)
            view = views.get((kind_name, index))
            if view is None:
                view = views[(kind_name, index)] = make(self, kind_name, index)
            if isinstance(key, str):
                views[(kind_name, key)] = view
        return view
    access.__name__ = kind_name
    access.__doc__ = (f"{kind_name}(index: int) or {kind_name}(name: str = ''): views of one "
                      f"{kind_name}'s rows of the {owner} arrays.")
    return access


def install() -> None:
    """Adds the accessors to MjModel and MjData."""
    for accessor, kind_name in MODEL_ACCESSORS.items():
        setattr(_core.MjModel, accessor, _accessor(_model_view, kind_name, "MjModel"))
    for accessor, kind_name in DATA_ACCESSORS.items():
        setattr(_core.MjData, accessor, _accessor(_data_view, kind_name, "MjData"))
