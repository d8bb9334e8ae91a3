"""Bad mesh input raises ValueError naming the mesh (or geom) and the line of its element;
file problems also name the file. No oracle: each case states the expected words."""

import struct

import pytest

import mjsim

TETRA = "0 0 0 1 0 0 0 1 0 0 0 1"


def document(mesh: str, geom: str = '<geom type="mesh" mesh="m"/>') -> str:
    # line 1 <mujoco>, line 2 <asset>, line 3 the mesh, line 4 </asset>, line 5 worldbody with the geom
    return f"<mujoco>\n<asset>\n{mesh}\n</asset>\n<worldbody><body>{geom}</body></worldbody>\n</mujoco>\n"


def binary_stl_with_wrong_count() -> bytes:
    return bytes(80) + struct.pack("<I", 5) + bytes(50)  # says 5 triangles, holds 1


def msh_with_wrong_size() -> bytes:
    return struct.pack("<4i", 4, 0, 0, 4) + bytes(12 * 4)  # faces missing


# name: (mesh element, assets, words the message must contain, line)
CASES = {
    "missing_file": ('<mesh name="m" file="nowhere.stl"/>', None, ["mesh", "'m'", "nowhere.stl"], 3),
    "corrupt_stl": ('<mesh name="m" file="bad.stl"/>', {"bad.stl": binary_stl_with_wrong_count()},
                    ["mesh", "'m'", "bad.stl", "STL"], 3),
    "msh_size": ('<mesh name="m" file="bad.msh"/>', {"bad.msh": msh_with_wrong_size()},
                 ["mesh", "'m'", "bad.msh", "size"], 3),
    "obj_bad_index": ('<mesh name="m" file="bad.obj"/>',
                      {"bad.obj": b"v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 9\n"},
                      ["mesh", "'m'", "bad.obj", "index"], 3),
    "unknown_file_type": ('<mesh name="m" file="mesh.ply"/>', {"mesh.ply": b"ply"},
                          ["mesh", "'m'", "mesh.ply", "file type"], 3),
    "bad_face_index": (f'<mesh name="m" vertex="{TETRA}" face="0 1 5 0 1 3 0 2 3 1 2 3"/>', None,
                       ["mesh", "'m'", "vertex index 5"], 3),
    "too_few_vertices": ('<mesh name="m" vertex="0 0 0 1 0 0 0 1 0"/>', None,
                         ["mesh", "'m'", "at least 4 vertices"], 3),
    "vertex_not_triples": ('<mesh name="m" vertex="0 0 0 1 0 0 0 1 0 0 0"/>', None,
                           ["mesh", "'m'", "multiple of 3"], 3),
    "flat_point_cloud": ('<mesh name="m" vertex="0 0 0 1 0 0 0 1 0 2 0 0"/>', None,
                         ["mesh", "'m'", "qhull"], 3),
    "zero_volume": (f'<mesh name="m" vertex="{TETRA}" scale="0 1 1"/>', None,
                    ["mesh", "'m'", "volume is too small"], 3),
    "misoriented_exact": (f'<mesh name="m" inertia="exact" vertex="{TETRA}" face="0 1 2 0 3 1 0 2 3 1 3 2"/>',
                          None, ["mesh", "'m'", "negative"], 3),
    "maxhullvert": (f'<mesh name="m" vertex="{TETRA}" maxhullvert="3"/>', None, ["mesh", "maxhullvert"], 3),
    "bad_inertia_keyword": (f'<mesh name="m" vertex="{TETRA}" inertia="solid"/>', None, ["mesh", "inertia"], 3),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_mesh_names_mesh_and_line(case):
    mesh, assets, words, line = CASES[case]
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(document(mesh), assets)
    message = str(error.value)
    assert f"line {line}" in message, message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"


def test_unknown_mesh_on_geom_names_geom():
    xml = document(f'<mesh name="m" vertex="{TETRA}"/>', '<geom name="g" type="mesh" mesh="other"/>')
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    message = str(error.value)
    assert "geom 'g'" in message and "'other'" in message and "line 5" in message, message


def test_shellinertia_on_mesh_geom_names_geom():
    xml = document(f'<mesh name="m" vertex="{TETRA}"/>', '<geom name="g" type="mesh" mesh="m" shellinertia="true"/>')
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml)
    message = str(error.value)
    assert "geom 'g'" in message and "shell" in message and "line 5" in message, message
