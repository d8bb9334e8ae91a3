"""Height fields, textures and materials (compiler/assets.cc) against the reference, field by
field, on small inline models and on the asset models in models/."""

import struct
import zlib

import numpy as np
import pytest

pytest.importorskip("mujoco")

from corpus import MODELS_DIR  # noqa: E402
from support import assert_fields_close, load_model, _reference, _engine  # noqa: E402

FIELDS = ["nhfield", "nhfielddata", "hfield_size", "hfield_nrow", "hfield_ncol", "hfield_adr",
          "hfield_data", "hfield_pathadr", "ntex", "ntexdata", "tex_type", "tex_colorspace",
          "tex_height", "tex_width", "tex_nchannel", "tex_adr", "tex_data", "tex_pathadr",
          "nmat", "mat_texid", "mat_texuniform", "mat_texrepeat", "mat_emission",
          "mat_specular", "mat_shininess", "mat_reflectance", "mat_metallic", "mat_roughness",
          "mat_rgba", "name_hfieldadr", "name_texadr", "name_matadr",
          "geom_size", "geom_dataid", "geom_matid"]
ARRAYS = [f for f in FIELDS if not f.startswith("n") or f.startswith("name")]
SIZES = [f for f in FIELDS if f not in ARRAYS]


def png_bytes(pixels, chunks=()) -> bytes:
    """A minimal 8-bit PNG (grey, rgb or rgba by the last axis) written here, not by mjsim;
    `chunks` are (kind, data) ancillary chunks placed before the image data."""
    pixels = np.asarray(pixels, dtype=np.uint8)
    height, width = pixels.shape[:2]
    channels = 1 if pixels.ndim == 2 else pixels.shape[2]
    color_type = {1: 0, 3: 2, 4: 6}[channels]
    raw = b"".join(b"\x00" + pixels[row].tobytes() for row in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    ancillary = b"".join(chunk(kind, data) for kind, data in chunks)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + ancillary
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


RNG = np.random.default_rng(5)
ASSETS = {
    "hill.png": png_bytes(RNG.integers(0, 256, (5, 7))),
    "terrain.bin": struct.pack("ii", 3, 4) + np.arange(12, dtype=np.float32)[::-1].tobytes(),
    "rgb.png": png_bytes(RNG.integers(0, 256, (4, 6, 3))),
    "rgba.png": png_bytes(RNG.integers(0, 256, (3, 3, 4))),
    "grid.png": png_bytes(RNG.integers(0, 256, (6, 8, 3))),
    "face.png": png_bytes(RNG.integers(0, 256, (2, 2, 3))),
    "tex.bin": struct.pack("ii", 2, 3) + bytes(RNG.integers(0, 256, 18).astype(np.uint8)),
    "tetra.obj": b"v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n",
}

# (no builtin texture with nchannel="1": the reference writes 3 bytes per pixel into its
# 1-byte-per-pixel buffer and corrupts its heap)
CASES = {
    "hfield_inline": """<asset>
        <hfield name="a" nrow="3" ncol="2" elevation="1 2 3 4 5 7" size="1 2 3 .4"/>
        <hfield name="zeros" nrow="2" ncol="3" size="1 2 3 4"/></asset>
        <worldbody><geom type="hfield" hfield="a"/><geom type="hfield" hfield="zeros" size="5 5 5"/></worldbody>""",
    "hfield_files": """<asset><hfield file="hill.png" size="2 1 .5 .1"/>
        <hfield name="bin" file="terrain.bin" size="1 1 1 1"/></asset>
        <worldbody><geom type="hfield" hfield="hill"/><geom type="hfield" hfield="bin"/></worldbody>""",
    "builtin_2d": """<asset>
        <texture name="c" type="2d" builtin="checker" rgb1="1 0 0" rgb2="0 1 0" width="5" height="3"/>
        <texture name="f" type="2d" builtin="flat" rgb1="2 -1 .5" width="3" height="2" mark="edge" markrgb="0 0 1"/>
        <texture name="x" type="2d" builtin="flat" width="7" height="5" mark="cross" nchannel="4"/>
        <texture name="g1" type="2d" builtin="flat" width="3" height="3" colorspace="sRGB"/></asset>""",
    "builtin_cube": """<asset>
        <texture type="skybox" builtin="flat" rgb1="1 0 0" rgb2="0 1 0" width="2" height="5"/>
        <texture name="checker" builtin="checker" width="6" colorspace="linear"/>
        <texture name="edge" type="cube" builtin="flat" width="4" mark="edge"/></asset>""",
    "file_textures": """<asset>
        <texture type="2d" file="rgb.png"/>
        <texture name="flip" type="2d" file="rgb.png" hflip="true" vflip="true"/>
        <texture name="rgba" type="2d" file="rgba.png" nchannel="4"/>
        <texture name="grid" type="cube" file="grid.png" gridsize="3 4" gridlayout=".U..LFRB.D.."/>
        <texture name="one" type="cube" file="face.png"/>
        <texture name="six" type="skybox" fileright="face.png" fileup="face.png" rgb1="0 .5 1"/>
        <texture name="binary" type="2d" file="tex.bin"/></asset>""",
    # paths: hfields, then meshes, then textures, whatever the order in the file
    "paths_in_type_order": """<asset><texture type="2d" file="rgb.png"/><mesh file="tetra.obj"/>
        <hfield file="hill.png" size="2 1 .5 .1"/></asset>""",
    "materials": """<default><material specular=".3"/><default class="c"><material rgba="0 1 0 .5" metallic=".2"/></default></default>
        <asset><texture name="t" type="2d" builtin="flat" width="2" height="2"/>
        <material name="m1" texture="t" rgba="1 0 0 .5" emission=".3" specular=".2" shininess=".1"
                  reflectance=".4" metallic=".5" roughness=".6" texrepeat="2 3" texuniform="true"/>
        <material name="plain"/><material name="classy" class="c"/>
        <material name="layers"><layer texture="t" role="normal"/><layer texture="t" role="orm"/></material></asset>
        <worldbody><geom size=".1" material="classy"/><site material="m1"/></worldbody>""",
}


def load_both(xml: str):
    return load_model(_engine(), xml, ASSETS), load_model(_reference(), xml, ASSETS)


@pytest.mark.parametrize("case", sorted(CASES))
def test_assets_match_reference(case):
    xml = f"<mujoco>{CASES[case]}</mujoco>"
    ours, ref = load_both(xml)
    for size in SIZES:
        assert getattr(ours, size) == getattr(ref, size), f"{case}: {size}"
    assert_fields_close(ours, ref, ARRAYS, atol=1e-12, context=case)
    assert bytes(ours.names) == bytes(ref.names) and bytes(ours.paths) == bytes(ref.paths)


@pytest.mark.parametrize("name", ["terrain_hfield.xml", "materials_textures.xml"])
def test_asset_models_match_reference(name):
    path = MODELS_DIR / name
    ours, ref = load_model(_engine(), path), load_model(_reference(), path)
    assert_fields_close(ours, ref, ARRAYS, atol=1e-12, context=name)
    assert bytes(ours.names) == bytes(ref.names) and bytes(ours.paths) == bytes(ref.paths)


SRGB_CHUNK = (b"sRGB", b"\x00")
GAMMA_CHUNK = (b"gAMA", struct.pack(">I", 45455))
COLORSPACE_PNGS = {"plain": (), "srgb": (SRGB_CHUNK,), "gamma": (GAMMA_CHUNK,),
                   "srgb_and_gamma": (GAMMA_CHUNK, SRGB_CHUNK)}


@pytest.mark.parametrize("attrs", ['type="2d"', 'type="2d" colorspace="linear"',
                                   'type="2d" colorspace="sRGB"', 'type="cube" gridsize="2 3" gridlayout="RLUDFB"'])
@pytest.mark.parametrize("png", sorted(COLORSPACE_PNGS))
def test_file_texture_colorspace_follows_the_png(png, attrs):
    """colorspace auto: a PNG file with an sRGB chunk gives sRGB, any other file linear (the
    wild corpus: 6 of 41 distinct PNG textures have the chunk; robosuite's floor tiles)."""
    assets = {"t.png": png_bytes(RNG.integers(0, 256, (4, 6, 3)), COLORSPACE_PNGS[png])}
    xml = f'<mujoco><asset><texture name="t" file="t.png" {attrs}/></asset></mujoco>'
    ours = load_model(_engine(), xml, assets)
    ref = load_model(_reference(), xml, assets)
    assert list(ours.tex_colorspace) == list(ref.tex_colorspace), f"{png}, {attrs}"


@pytest.mark.parametrize("size", [20, 100])
def test_gradient_textures_match_reference(size):
    """The gradient's weight 1/2 + s / sqrt(2 (1 + s^2)) (s = 1 - 2 radius in 2d, the
    elevation over a quarter turn on a cube), every byte (dm_control's arena skybox: 100)."""
    xml = f"""<mujoco><asset>
        <texture name="g" type="2d" builtin="gradient" rgb1="1 .5 0" rgb2="0 0 1" width="{size + 11}" height="{size - 3}"/>
        <texture name="s" type="skybox" builtin="gradient" rgb1=".4 .6 .8" rgb2="0 0 0" width="{size}"/>
        <texture name="c" type="cube" builtin="gradient" rgb1="0 1 .3" rgb2=".9 .1 .2" width="{size // 2 + 1}"/>
        </asset></mujoco>"""
    ours, ref = load_both(xml)
    assert np.array_equal(ours.tex_height, ref.tex_height)
    np.testing.assert_array_equal(ours.tex_data, ref.tex_data)


@pytest.mark.parametrize("names", [("asset.xml", "path/asset.xml"), ("a/m.stl", "b\\m.stl")])
def test_two_assets_of_one_file_name_are_refused(names):
    """Assets are found by file name: two keys naming one file are a ValueError, both engines."""
    assets = {names[0]: b"one", names[1]: b"two"}
    for engine in (_reference(), _engine()):
        with pytest.raises(ValueError, match="Repeated file name in assets dict"):
            engine.MjModel.from_xml_string("<mujoco/>", assets)
