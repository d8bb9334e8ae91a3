"""Offscreen frames per second of Renderer.render, mjsim against the reference (mujoco), both
through Mesa's OSMesa (software) in one process.

    python benchmarks/bench_render.py [--repeats 5] [--frames 20] [--filter TEXT]

For models/*.xml and the dm_control suite, at 240x320 from the free camera after mj_forward,
each repetition times `frames` calls of update_scene + render (RGB), alternating which engine
goes first; the table gives the median frames per second of each and the ratio mjsim rate /
mujoco rate (above 1: mjsim is faster), with the geometric mean. Both render with the scene's
default flags (shadows and reflections on; --no-shadows turns mjRND_SHADOW off in both).
Results go to benchmarks/results/render.csv. A benchmark reports; it never passes or fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import render_support  # noqa: E402,I001  (before PyOpenGL: its platform)

from harness import (RESULTS_DIR, alternating_medians, corpus, geometric_mean, header,  # noqa: E402
                     without_gc, write_rows)

RESULTS = RESULTS_DIR / "render.csv"
def render_call(engine, path, frames: int, shadows: bool):
    m = engine.MjModel.from_xml_path(str(path))
    d = engine.MjData(m)
    engine.mj_forward(m, d)
    renderer = engine.Renderer(m, 240, 320)
    renderer.scene.flags[engine.mjtRndFlag.mjRND_SHADOW] = int(shadows)

    def seconds_per_frame():
        def run():
            start = time.perf_counter()
            for _ in range(frames):
                renderer.update_scene(d)
                renderer.render()
            return (time.perf_counter() - start) / frames
        return without_gc(run)
    return seconds_per_frame, renderer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--frames", type=int, default=20)
    parser.add_argument("--filter", default="")
    parser.add_argument("--no-shadows", action="store_true")
    args = parser.parse_args()

    import mujoco

    import mjsim

    reason = render_support.osmesa_unavailable() or render_support.reference_osmesa_unavailable()
    if reason:
        print(f"no benchmark: {reason}")
        return 0
    render_support.use_osmesa(mjsim)
    render_support.use_osmesa(mujoco)
    print(header(mjsim, mujoco, args.repeats))
    row = "{:<44} {:>10} {:>10} {:>7}"
    print(row.format("model", "mjsim fps", "mujoco fps", "ratio"))
    rows = []
    paths = [p for p in corpus.our_models() if p.suffix == ".xml"] + corpus.dm_control_models()
    for path in paths:
        name = corpus.label(path)
        if args.filter not in name:
            continue
        try:
            ours_call, ours_renderer = render_call(mjsim, path, args.frames, not args.no_shadows)
            reference_call, reference_renderer = render_call(mujoco, path, args.frames,
                                                             not args.no_shadows)
            ours, reference = alternating_medians(ours_call, reference_call, args.repeats)
        except Exception as error:  # noqa: BLE001 - reported, not raised (image lights stop
            print(f"skipped {name}: {str(error).splitlines()[0]}")  # the reference's renderer)
            continue
        ours_renderer.close()
        reference_renderer.close()
        ratio = reference / ours
        rows.append((name, 1 / ours, 1 / reference, ratio))
        print(row.format(name, f"{1 / ours:.1f}", f"{1 / reference:.1f}", f"{ratio:.2f}"))
    if rows:
        print(f"\ngeometric mean ratio over {len(rows)} models: "
              f"{geometric_mean(r[3] for r in rows):.2f}")
        write_rows(RESULTS, [{"model": name, "mjsim_fps": ours, "mujoco_fps": reference,
                              "ratio": ratio} for name, ours, reference, ratio in rows])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
