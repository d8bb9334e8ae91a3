"""The asset cache functions (bindings/asset_cache.cc, compiler/asset_cache.cc) against the
reference's API: a capsule from mj_getCache, None standing for no cache, the capacity set and
returned, the exception class of each bad argument; and our cache's own behaviour: loading a
model with asset files fills it, an unchanged file is served from it, an edited one is read
again, a smaller capacity evicts, capacity 0 keeps nothing. The reference caches decoded
assets and mjsim the files' bytes, so sizes are compared with the files, not the reference.

support.py sets the reference's capacity to 1 byte (its cache changes its compiled meshes);
every test here leaves both capacities as it found them."""

import shutil

import pytest

mujoco = pytest.importorskip("mujoco")

import mjsim  # noqa: E402
from corpus import MODELS_DIR  # noqa: E402

TEXTURED = MODELS_DIR / "materials_textures.xml"


@pytest.fixture
def capacities():
    saved = {p: p.mj_getCacheCapacity(p.mj_getCache()) for p in (mjsim, mujoco)}
    yield
    for package, capacity in saved.items():
        package.mj_setCacheCapacity(package.mj_getCache(), capacity)


@pytest.mark.parametrize("package", [mjsim, mujoco], ids=["mjsim", "mujoco"])
def test_capsule_and_capacity_api(package, capacities):
    cache = package.mj_getCache()
    assert type(cache).__name__ == "PyCapsule"
    assert package.mj_setCacheCapacity(cache, 1000) == 1000
    assert package.mj_getCacheCapacity(package.mj_getCache()) == 1000  # one cache behind both
    assert package.mj_setCacheCapacity(cache, 2**40) == 2**40
    assert package.mj_getCacheSize(cache) >= 0
    # None is no cache
    assert package.mj_getCacheCapacity(None) == 0
    assert package.mj_getCacheSize(None) == 0
    assert package.mj_setCacheCapacity(None, 5) == 0
    assert package.mj_clearCache(None) is None


def test_default_capacity_is_the_reference_default():
    # each in a fresh process: support.py changes the reference's capacity in this one
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "import mujoco; print(mujoco.mj_getCacheCapacity("
                          "mujoco.mj_getCache()))"], capture_output=True, text=True).stdout
    from support import run_without_mujoco

    ours = run_without_mujoco("import mjsim; print(mjsim.mj_getCacheCapacity(mjsim.mj_getCache()))")
    assert ours.stdout.strip() == out.strip() == str(500 << 20)


def bad_calls(package):
    cache = package.mj_getCache()
    return {
        "capacity -1": (package.mj_setCacheCapacity, (cache, -1)),
        "capacity 2**64": (package.mj_setCacheCapacity, (cache, 2**64)),
        "capacity float": (package.mj_setCacheCapacity, (cache, 1.5)),
        "capacity None": (package.mj_setCacheCapacity, (cache, None)),
        "capacity str": (package.mj_setCacheCapacity, (cache, "3")),
        "size of int": (package.mj_getCacheSize, (1,)),
        "capacity of str": (package.mj_getCacheCapacity, ("x",)),
        "clear object": (package.mj_clearCache, (object(),)),
        "set on int": (package.mj_setCacheCapacity, (7, 10)),
        "no argument": (package.mj_getCacheSize, ()),
    }


@pytest.mark.parametrize("case", list(bad_calls(mjsim)))
def test_bad_arguments_raise_as_reference(case, capacities):
    function, args = bad_calls(mujoco)[case]
    with pytest.raises(Exception) as expected:
        function(*args)
    function, args = bad_calls(mjsim)[case]
    with pytest.raises(expected.type):
        function(*args)


def test_loading_asset_files_fills_and_reuses_the_cache(tmp_path, capacities):
    cache = mjsim.mj_getCache()
    shutil.copytree(MODELS_DIR, tmp_path / "models")
    model = tmp_path / "models" / TEXTURED.name
    mjsim.mj_setCacheCapacity(cache, 1 << 20)
    mjsim.mj_clearCache(cache)
    assert mjsim.mj_getCacheSize(cache) == 0
    first = mjsim.MjModel.from_xml_path(str(model))
    files = {p.name: p.stat().st_size for p in (tmp_path / "models" / "assets").iterdir()}
    used = sum(files[name] for name in ("hill_terrain.png", "dice_faces.png", "stripes.png"))
    assert mjsim.mj_getCacheSize(cache) == used
    # the files are gone, yet the model compiles again from the cache
    for name in ("hill_terrain.png", "dice_faces.png", "stripes.png"):
        (tmp_path / "models" / "assets" / name).rename(tmp_path / name)
    with pytest.raises(ValueError):
        mjsim.MjModel.from_xml_path(str(model))  # a missing file is missing, cached or not
    for name in ("hill_terrain.png", "dice_faces.png", "stripes.png"):
        (tmp_path / name).rename(tmp_path / "models" / "assets" / name)
    second = mjsim.MjModel.from_xml_path(str(model))
    assert bytes(second.tex_data) == bytes(first.tex_data)
    assert mjsim.mj_getCacheSize(cache) == used


def test_an_edited_file_is_read_again(tmp_path, capacities):
    cache = mjsim.mj_getCache()
    mjsim.mj_setCacheCapacity(cache, 1 << 20)
    mjsim.mj_clearCache(cache)
    mesh = tmp_path / "tetra.obj"
    mesh.write_text("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n")
    xml = tmp_path / "mesh.xml"
    xml.write_text(f'<mujoco><asset><mesh file="{mesh}"/></asset><worldbody>'
                   '<geom type="mesh" mesh="tetra"/></worldbody></mujoco>')
    small = mjsim.MjModel.from_xml_path(str(xml))
    mesh.write_text("v 0 0 0\nv 2 0 0\nv 0 2 0\nv 0 0 2\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n")
    large = mjsim.MjModel.from_xml_path(str(xml))
    assert large.mesh_vert.max() > small.mesh_vert.max()
    assert mjsim.mj_getCacheSize(cache) == mesh.stat().st_size  # the old version left


def test_capacity_limits_and_evicts(capacities):
    cache = mjsim.mj_getCache()
    mjsim.mj_setCacheCapacity(cache, 1 << 20)
    mjsim.mj_clearCache(cache)
    mjsim.MjModel.from_xml_path(str(TEXTURED))
    full = mjsim.mj_getCacheSize(cache)
    assert full > 0
    assert mjsim.mj_setCacheCapacity(cache, full - 1) == full - 1
    assert 0 < mjsim.mj_getCacheSize(cache) < full  # the least recently used file went
    mjsim.mj_setCacheCapacity(cache, 0)
    assert mjsim.mj_getCacheSize(cache) == 0
    mjsim.MjModel.from_xml_path(str(TEXTURED))
    assert mjsim.mj_getCacheSize(cache) == 0  # capacity 0 keeps nothing
