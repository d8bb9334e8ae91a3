"""MjSpec's Python-side parts: MjModel.bind / MjData.bind, MjSpec.recompile and the MjStruct
union of the element classes.

bind maps a spec element (or a list of them) to its rows of a Model or Data compiled from the
spec: `m.bind(joint).qposadr`, `d.bind(joints).qpos`. The element's id and its spec's compile
signature say which rows; a Model compiled from another spec (or from an older compile of this
one) is refused.
"""

from __future__ import annotations

import io
import os
import typing
import zipfile

import numpy as np

from mjsim import _core

# element class -> the accessor of MjModel / MjData that shows its rows
_KIND_OF = {
    "MjsBody": "body", "MjsJoint": "joint", "MjsGeom": "geom", "MjsSite": "site",
    "MjsCamera": "camera", "MjsLight": "light", "MjsActuator": "actuator", "MjsSensor": "sensor",
    "MjsTendon": "tendon", "MjsEquality": "equality", "MjsMesh": "mesh", "MjsHField": "hfield",
    "MjsTexture": "texture", "MjsMaterial": "material", "MjsKey": "key", "MjsPair": "pair",
    "MjsExclude": "exclude", "MjsNumeric": "numeric", "MjsText": "text", "MjsTuple": "tuple",
    "MjsSkin": "skin",
}

_ELEMENT_CLASSES = tuple(getattr(_core, name) for name in (
    "MjsBody", "MjsFrame", "MjsJoint", "MjsGeom", "MjsSite", "MjsCamera", "MjsLight", "MjsMesh",
    "MjsSkin", "MjsHField", "MjsTexture", "MjsMaterial", "MjsPair", "MjsExclude", "MjsEquality",
    "MjsTendon", "MjsActuator", "MjsSensor", "MjsNumeric", "MjsText", "MjsTuple", "MjsKey",
    "MjsPlugin", "MjsFlex", "MjsDefault"))

MjStruct = typing.Union[_ELEMENT_CLASSES]  # noqa: UP007 (typing.get_args reads it)


def _check_compiled_from(model, element) -> str:
    kind = _KIND_OF.get(type(element).__name__)
    if kind is None:
        raise TypeError(f"bind: {type(element).__name__} has no rows in a Model")
    if element.signature == 0 or element.signature != model._spec_signature or element.id < 0:
        raise ValueError("The mjSpec does not match mjModel. Please recompile the mjSpec.")
    return kind


class _BoundList:
    """The rows of several elements of one kind: each attribute stacks theirs."""

    def __init__(self, views: list):
        object.__setattr__(self, "_views", views)

    def __getattr__(self, name: str):
        views = object.__getattribute__(self, "_views")
        if not views:
            return np.zeros((0,))
        if not all(hasattr(view, name) for view in views):
            raise AttributeError(f"'{type(views[0]).__name__}' object has no attribute '{name}'")
        return np.array([np.asarray(getattr(view, name)) for view in views]).squeeze()

    def __setattr__(self, name: str, value) -> None:
        views = object.__getattribute__(self, "_views")
        values = np.asarray(value)
        for i, view in enumerate(views):
            getattr(view, name)[...] = values[i] if values.ndim else values


def _bind(owner, model, element):
    if isinstance(element, (list, tuple)):
        return _BoundList([_bind(owner, model, e) for e in element])
    kind = _check_compiled_from(model, element)
    accessor = getattr(owner, kind, None)
    if accessor is None:
        raise TypeError(f"bind: an MjData has no rows for a {kind}")
    return accessor(element.id)


def _model_bind(self, element):
    """The rows of this model for a spec element (or a list of them) it was compiled from."""
    return _bind(self, self, element)


def _data_bind(self, element):
    """The rows of this data for a spec element (or a list of them) its model was compiled from."""
    return _bind(self, self.model, element)


def _scalar(bind):
    def bind_scalar(self, element):
        if isinstance(element, (list, tuple)):
            raise TypeError("bind_scalar takes one spec element; bind takes a list")
        return bind(self, element)
    bind_scalar.__doc__ = f"{bind.__doc__.split(' (or a list')[0]}: one element only."
    return bind_scalar


def to_zip(spec, file) -> None:
    """Writes `spec` as a zip archive: its XML (named after the model) and every asset the spec
    holds in memory. `file` is a path (its directory is created) or a binary file object."""
    if isinstance(file, (str, os.PathLike)):
        directory = os.path.dirname(os.fspath(file))
        if directory:
            os.makedirs(directory, exist_ok=True)
        with open(file, "wb") as stream:
            to_zip(spec, stream)
        return
    entries = dict(spec.assets)
    entries[f"{spec.modelname}.xml"] = spec.to_xml()
    with zipfile.ZipFile(file, "w") as archive:
        for name, contents in entries.items():
            archive.writestr(zipfile.ZipInfo(name), contents)


def from_zip(file):
    """The MjSpec of a zip archive written by to_zip: its .xml entry is the model and every
    other file an asset. `file` is a path or a binary file object."""
    if isinstance(file, (str, os.PathLike)):
        with open(file, "rb") as stream:
            return from_zip(io.BytesIO(stream.read()))
    if not zipfile.is_zipfile(file):
        raise ValueError(f"File {file} is not a zip file.")
    xml, assets = None, {}
    with zipfile.ZipFile(file) as archive:
        for entry in archive.infolist():
            if entry.is_dir():
                continue
            contents = archive.read(entry)
            if entry.filename.endswith(".xml"):
                xml = contents
            else:
                assets[entry.filename] = contents
    if not xml:
        raise ValueError("No XML file found in zip file.")
    return _core.MjSpec.from_string(xml.decode(), assets=assets)


def _joint_state(model, data) -> dict:
    """joint id -> (qpos, qvel) slices of `data`."""
    state = {}
    for j in range(model.njnt):
        q0, v0 = int(model.jnt_qposadr[j]), int(model.jnt_dofadr[j])
        q1 = int(model.jnt_qposadr[j + 1]) if j + 1 < model.njnt else model.nq
        v1 = int(model.jnt_dofadr[j + 1]) if j + 1 < model.njnt else model.nv
        state[j] = (data.qpos[q0:q1], data.qvel[v0:v1])
    return state


def _recompile(self, model, data):
    """Compiles the edited spec again; the new Data keeps the state of the joints, actuators and
    mocap bodies that survived the edit (matched as spec elements), and the time."""
    if model._spec_signature == 0 or model._spec_signature != self.worldbody.signature:
        raise ValueError("recompile: the model was not compiled from this spec's last compile")
    joints = {id(j): j for j in self.joints}
    old_joint_ids = {key: j.id for key, j in joints.items()}
    actuators = list(self.actuators)
    old_actuator_ids = [a.id for a in actuators]
    bodies = list(self.bodies)
    old_mocap = {id(b): int(model.body_mocapid[b.id]) for b in bodies
                 if 0 <= b.id < model.nbody and model.body_mocapid[b.id] >= 0}
    old_state = _joint_state(model, data)
    new_model = self.compile()
    new_data = _core.MjData(new_model)
    new_data.time = data.time
    new_state = _joint_state(new_model, new_data)
    for key, joint in joints.items():
        old, new = old_joint_ids[key], joint.id
        if old >= 0 and new >= 0 and old in old_state and len(old_state[old][0]) == len(new_state[new][0]):
            new_state[new][0][:] = old_state[old][0]
            new_state[new][1][:] = old_state[old][1]
    for actuator, old in zip(actuators, old_actuator_ids):
        new = actuator.id
        if old >= 0 and new >= 0:
            new_data.ctrl[new] = data.ctrl[old]
            a0, n0 = int(model.actuator_actadr[old]), int(model.actuator_actnum[old])
            a1, n1 = int(new_model.actuator_actadr[new]), int(new_model.actuator_actnum[new])
            if n0 == n1 and n0 > 0:
                new_data.act[a1:a1 + n1] = data.act[a0:a0 + n0]
    for body in bodies:
        old = old_mocap.get(id(body))
        if old is not None and 0 <= body.id < new_model.nbody and new_model.body_mocapid[body.id] >= 0:
            new = int(new_model.body_mocapid[body.id])
            new_data.mocap_pos[new] = data.mocap_pos[old]
            new_data.mocap_quat[new] = data.mocap_quat[old]
    return new_model, new_data


def _activate_plugin(self, name: str) -> None:
    raise ValueError(f"plugin '{name}': mjsim does not support engine plugins")


def install() -> None:
    """Adds bind to MjModel and MjData and the Python-side methods of MjSpec."""
    _core.MjModel.bind = _model_bind
    _core.MjData.bind = _data_bind
    _core.MjModel.bind_scalar = _scalar(_model_bind)
    _core.MjData.bind_scalar = _scalar(_data_bind)
    _core.MjSpec.from_zip = staticmethod(from_zip)
    _core.MjSpec.to_zip = to_zip
    _core.MjSpec.recompile = _recompile
    _core.MjSpec.activate_plugin = _activate_plugin
    setattr(_core.MjVisual, "global", _core.MjVisual.global_)
