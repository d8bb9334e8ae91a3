"""mju_getXMLDependencies: the files an MJCF file depends on, found without compiling it.

Rules measured on the reference (mujoco 3.3.7):
  - the file itself, every <include file> and <model file> (followed recursively), and every
    asset file: mesh and skin files, texture files (file and the six cube-face files), hfield
    files;
  - paths are relative to the directory of the file that names them (an included file's own
    directory), joined with that same file's <compiler> directories: meshdir for meshes and
    skins, texturedir for textures, assetdir for everything (meshdir and texturedir win over
    it); hfields use assetdir only. Settings are not inherited across files;
  - paths are normalized (``meshes/../a.stl`` is ``a.stl``); each appears once, in no
    particular order. Asset files need not exist; a missing or unreadable MJCF file raises
    FatalError.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree

TEXTURE_FILES = ("file", "fileright", "fileleft", "fileup", "filedown", "filefront",
                 "fileback")


def _parse(path: str, fatal_error: type) -> ElementTree.Element:
    try:
        return ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError) as error:
        raise fatal_error(f"Problem reading XML file '{path}': {error}") from None


def _directories(root: ElementTree.Element) -> dict[str, str]:
    """meshdir, texturedir and assetdir of one file's <compiler> elements."""
    found: dict[str, str] = {}
    for compiler in root.iter("compiler"):
        for name in ("meshdir", "texturedir", "assetdir"):
            if name in compiler.attrib:
                found[name] = compiler.attrib[name]
    asset = found.get("assetdir", "")
    return {"mesh": found.get("meshdir", asset), "texture": found.get("texturedir", asset),
            "hfield": asset}


def _visit(path: str, found: set[str], fatal_error: type) -> None:
    found.add(os.path.normpath(path))
    root = _parse(path, fatal_error)
    here = os.path.dirname(path)
    dirs = _directories(root)
    for element in root.iter():
        tag = element.tag
        if tag in ("include", "model") and "file" in element.attrib:
            child = os.path.join(here, element.attrib["file"])
            if os.path.normpath(child) not in found:
                _visit(child, found, fatal_error)
        elif tag in ("mesh", "skin") and "file" in element.attrib:
            found.add(os.path.normpath(os.path.join(here, dirs["mesh"], element.attrib["file"])))
        elif tag == "texture":
            for attribute in TEXTURE_FILES:
                if attribute in element.attrib:
                    found.add(os.path.normpath(
                        os.path.join(here, dirs["texture"], element.attrib[attribute])))
        elif tag == "hfield" and "file" in element.attrib:
            found.add(os.path.normpath(os.path.join(here, dirs["hfield"], element.attrib["file"])))


def get_xml_dependencies(filename: str, fatal_error: type) -> list[str]:
    found: set[str] = set()
    _visit(os.fspath(filename), found, fatal_error)
    return list(found)
