"""Bad URDF raises ValueError naming the element and its line (and the offending name or value
where there is one). No oracle: the expected line is where the test put the error."""

import pytest

import mjsim
from support import assert_names_element_and_line

LINK = '<link name="{0}"><collision><geometry><sphere radius="0.1"/></geometry></collision></link>'


def robot_with_error(body: str) -> tuple[str, int]:
    """A <robot> holding `body`; returns (urdf, line of the '<!--HERE-->' line)."""
    urdf = f'<robot name="r">\n{body.strip(chr(10))}\n</robot>\n'
    lines = urdf.split("\n")
    marked = [i for i, line in enumerate(lines, start=1) if "<!--HERE-->" in line]
    assert len(marked) == 1, "mark exactly one line with <!--HERE-->"
    return urdf.replace("<!--HERE-->", ""), marked[0]


# name: (robot content with the error on the <!--HERE--> line, element, words in the message)
CASES = {
    "joint_child_missing": (f"""
{LINK.format('a')}
<joint name="j" type="revolute"><parent link="a"/><child link="nowhere"/></joint><!--HERE-->""",
        "joint", ("parent or child",)),
    "joint_without_parent": (f"""
{LINK.format('a')}
{LINK.format('b')}
<joint name="j" type="revolute"><child link="b"/></joint><!--HERE-->""", "joint", ()),
    "bad_joint_type": (f"""
{LINK.format('a')}
{LINK.format('b')}
<joint name="j" type="ball"><parent link="a"/><child link="b"/></joint><!--HERE-->""",
        "joint", ("joint type",)),
    "repeated_link": (f"""
{LINK.format('a')}
{LINK.format('a')}<!--HERE-->""", "link", ("'a'",)),
    "repeated_joint": (f"""
{LINK.format('a')}
{LINK.format('b')}
{LINK.format('c')}
<joint name="j" type="continuous"><parent link="a"/><child link="b"/></joint>
<joint name="j" type="continuous"><parent link="b"/><child link="c"/></joint><!--HERE-->""",
        "joint", ("'j'",)),
    "link_with_two_parents": (f"""
{LINK.format('a')}
{LINK.format('b')}
{LINK.format('c')}
<joint name="j1" type="continuous"><parent link="a"/><child link="c"/></joint>
<joint name="j2" type="continuous"><parent link="b"/><child link="c"/></joint><!--HERE-->""",
        "joint", ("'c'",)),
    "box_without_size": ("""
<link name="a"><collision><geometry>
<box/><!--HERE-->
</geometry></collision></link>""", "box", ("size",)),
    "unknown_geometry": ("""
<link name="a"><collision><geometry>
<torus radius="1"/><!--HERE-->
</geometry></collision></link>""", "torus", ("torus",)),
    "bad_number": ("""
<link name="a"><collision>
<origin xyz="0 0 up"/><!--HERE-->
<geometry><sphere radius="0.1"/></geometry></collision></link>""", "origin", ("xyz", "up")),
    "mujoco_extension_unknown_attribute": (f"""
<mujoco>
<compiler fusestatic="true" colour="red"/><!--HERE-->
</mujoco>
{LINK.format('a')}""", "compiler", ("colour",)),
    "mujoco_extension_repeated_compiler": (f"""
<mujoco>
<compiler fusestatic="true"/>
<compiler discardvisual="false"/><!--HERE-->
</mujoco>
{LINK.format('a')}""", "compiler", ("repeated",)),
    "mujoco_extension_unknown_element": (f"""
<mujoco>
<worldbody/><!--HERE-->
</mujoco>
{LINK.format('a')}""", "worldbody", ()),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_urdf_names_element_and_line(case):
    body, element, words = CASES[case]
    urdf, line = robot_with_error(body)
    with pytest.raises(ValueError) as error:
        mjsim.MjModel.from_xml_string(urdf)
    assert_names_element_and_line(str(error.value), element, line, *words)


def test_massless_moving_link_is_a_compile_error():
    """A moving link whose only geometry is visual has no mass: named by body."""
    urdf = """<robot name="r"><link name="a"/>
      <link name="b"><visual><geometry><sphere radius="0.1"/></geometry></visual></link>
      <joint name="j" type="continuous"><parent link="a"/><child link="b"/></joint></robot>"""
    with pytest.raises(ValueError, match=r"mass.*body 'b'"):
        mjsim.MjModel.from_xml_string(urdf)


def test_missing_mesh_file_names_the_file(tmp_path):
    urdf = tmp_path / "r.urdf"
    urdf.write_text("""<robot name="r"><link name="a"><collision><geometry>
      <mesh filename="package://robot/meshes/nothere.stl"/></geometry></collision></link></robot>""")
    with pytest.raises((ValueError, FileNotFoundError), match="nothere"):
        mjsim.MjModel.from_xml_path(str(urdf))
