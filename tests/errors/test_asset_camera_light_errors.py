"""Bad hfield, texture, material, camera and light input raises ValueError naming the element
and line (reader) or the object type and name (compiler). No oracle needed."""

import struct
import zlib

import pytest

import mjsim


def png_rgb(width: int, height: int) -> bytes:
    """A black 8-bit rgb PNG, written here."""
    raw = b"".join(b"\x00" + bytes(3 * width) for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

# (document, words the message must contain)
READER_CASES = {
    "hfield_without_size": ('<asset>\n<hfield name="h" nrow="2" ncol="2"/>\n</asset>', ["hfield", "line 2", "size"]),
    "texture_bad_type": ('<asset>\n<texture name="t" type="3d" builtin="flat"/>\n</asset>', ["texture", "line 2", "3d"]),
    "material_layer_with_texture": ('<asset>\n<texture name="t" type="2d" builtin="flat" width="2" height="2"/>\n'
                                    '<material name="m" texture="t">\n<layer texture="t" role="rgb"/>\n</material>\n</asset>',
                                    ["layer", "line 4"]),
    "material_bad_role": ('<asset>\n<material name="m">\n<layer texture="t" role="shine"/>\n</material>\n</asset>',
                          ["layer", "line 3", "shine"]),
    "light_orientation": ('<worldbody>\n<light quat="1 0 0 0"/>\n</worldbody>', ["light", "line 2", "quat"]),
    "light_type_and_directional": ('<worldbody>\n<light type="point" directional="true"/>\n</worldbody>',
                                   ["light", "line 2", "directional"]),
    "camera_negative_resolution": ('<worldbody>\n<camera resolution="-1 2"/>\n</worldbody>', ["camera", "line 2", "resolution"]),
    "camera_sensor_without_resolution": ('<worldbody>\n<camera sensorsize=".1 .1"/>\n</worldbody>',
                                         ["camera", "line 2", "resolution"]),
    "camera_focal_without_sensor": ('<worldbody>\n<camera focal="1 1"/>\n</worldbody>', ["camera", "line 2", "sensorsize"]),
}

COMPILER_CASES = {
    "hfield_size_not_positive": ('<asset>\n<hfield name="h" nrow="2" ncol="2" size="1 1 0 1"/>\n</asset>',
                                 ["hfield 'h'", "size[2]", "line 2"]),
    "hfield_elevation_count": ('<asset>\n<hfield name="h" nrow="2" ncol="2" elevation="1 2 3" size="1 1 1 1"/>\n</asset>',
                               ["'h'", "<hfield>", "elevation", "line 2"]),
    "hfield_too_small": ('<asset>\n<hfield name="h" size="1 1 1 1"/>\n</asset>', ["hfield 'h'", "nrow", "line 2"]),
    "hfield_missing_file": ('<asset>\n<hfield name="h" file="nowhere.png" size="1 1 1 1"/>\n</asset>',
                            ["hfield 'h'", "nowhere.png", "line 2"]),
    "texture_unnamed": ('<asset>\n<texture type="2d" builtin="flat" width="2" height="2"/>\n</asset>',
                        ["texture", "name", "line 2"]),
    "texture_zero_width": ('<asset>\n<texture name="t" type="2d" builtin="checker" width="0" height="2"/>\n</asset>',
                           ["texture 't'", "width", "line 2"]),
    "texture_no_source": ('<asset>\n<texture name="t" type="2d"/>\n</asset>', ["texture 't'", "file", "line 2"]),
    "texture_bad_png": ('<asset>\n<texture name="t" type="2d" file="bad.png"/>\n</asset>', ["texture 't'", "PNG", "line 2"]),
    "texture_bad_gridlayout": ('<asset>\n<texture name="t" type="cube" file="six.png" gridsize="1 2" gridlayout="RX"/>\n</asset>',
                               ["texture 't'", "gridlayout", "line 2"]),
    "material_unknown_texture": ('<asset>\n<material name="m" texture="nothing"/>\n</asset>',
                                 ["material 'm'", "nothing", "line 2"]),
    "camera_unknown_target": ('<worldbody>\n<camera name="c" mode="targetbody" target="ghost"/>\n</worldbody>',
                              ["camera 'c'", "ghost", "line 2"]),
    "light_zero_dir": ('<worldbody>\n<light name="l" dir="0 0 0"/>\n</worldbody>', ["light 'l'", "dir", "line 2"]),
    "light_unknown_texture": ('<worldbody>\n<light name="l" type="image" texture="none"/>\n</worldbody>',
                              ["light 'l'", "none", "line 2"]),
}

ASSETS = {"bad.png": b"not a png at all", "six.png": png_rgb(4, 2)}


@pytest.mark.parametrize("case", sorted({**READER_CASES, **COMPILER_CASES}))
def test_bad_asset_camera_light_input_is_reported(case):
    body, words = {**READER_CASES, **COMPILER_CASES}[case]
    xml = f"<mujoco>\n{body}\n</mujoco>"
    # the document starts with "<mujoco>\n", so the test's "line N" is line N + 1
    words = [w if not w.startswith("line ") else f"line {int(w.split()[1]) + 1}" for w in words]
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(xml, ASSETS)
    message = str(error.value)
    for word in words:
        assert word in message, f"{case}: message does not mention {word!r}: {message!r}"
