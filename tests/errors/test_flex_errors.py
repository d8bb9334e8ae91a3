"""Bad <deformable><flex> input raises the reference's exception (ValueError) with its message,
naming the flex and its line (xml/read_flex.cc, compiler/flexes.cc). Each case is also loaded
by the reference, when installed, and must fail there with the same class and message."""

import pytest

import mjsim

BODIES = """<worldbody>
  <body name="b0"><freejoint/><geom size=".1"/></body>
  <body name="b1" pos="1 0 0"><freejoint/><geom size=".1"/></body>
</worldbody>"""

TRIANGLE = 'dim="2" body="world world world" vertex="0 0 0  1 0 0  0 1 0"'
TET = 'dim="3" body="world world world world" vertex="0 0 0  1 0 0  0 1 0  0 0 1"'

# name: (the <flex> element, written on line 7, and the reference's message)
CASES = {
    "missing_vertex": ('<flex name="f" dim="2" body="world world world" vertex="0 0 0  1 0 0" '
                       'element="0 1 2"/>', "Error: not enough vertices"),
    "index_out_of_range": (f'<flex name="f" {TRIANGLE} element="0 1 3"/>',
                           "Error: elem vertex id out of range"),
    "negative_index": (f'<flex name="f" {TRIANGLE} element="0 1 -1"/>',
                       "Error: elem vertex id out of range"),
    "element_size_for_dim": (f'<flex name="f" {TRIANGLE} element="0 1 2 0"/>',
                             "Error: elem size must be multiple of (dim+1)"),
    "degenerate_element": (f'<flex name="f" {TRIANGLE} element="0 1 1"/>',
                           "Error: repeated vertex in element"),
    "unknown_body": ('<flex name="f" dim="1" body="b0 nobody" element="0 1"/>',
                     "Error: unknown body 'nobody' in flex"),
    "dim_4": ('<flex name="f" dim="4" body="b0 b1" element="0 1"/>', "Error: dim must be 1, 2 or 3"),
    "vertex_not_triples": ('<flex name="f" dim="1" body="world world" vertex="0 0 0  1 0" '
                           'element="0 1"/>', "Error: vert size must be a multiple of 3"),
    "edge_stiffness_dim_2": (f'<flex name="f" {TRIANGLE} element="0 1 2"><edge stiffness="1"/></flex>',
                             "Error: edge stiffness only available for dim=1, please use "
                             "elasticity plugins"),
    "unknown_material": ('<flex name="f" dim="1" body="b0 b1" element="0 1" material="nomat"/>',
                         "Error: unknown material 'nomat' in flex"),
    "poisson_ratio": (f'<flex name="f" {TET} element="0 1 2 3"><elasticity young="1" poisson="0.5"/>'
                      '</flex>', "Error: Poisson ratio must be in [0, 0.5)"),
    "texcoord_count": ('<flex name="f" dim="1" body="b0 b1" element="0 1" texcoord="0 0 1"/>',
                       "Error: two texture coordinates per vertex expected"),
}
# name: (the <flex> element, words both messages contain); the schema messages are the shared
# reader's (xml/reader_base.cc), worded a little differently from the reference's
XML_CASES = {
    "no_body": ('<flex name="f" dim="1" vertex="0 0 0  1 0 0" element="0 1"/>',
                ("required attribute missing: 'body'",)),
    "empty_element": ('<flex name="f" dim="1" body="b0 b1" element=""/>',
                      ("required attribute missing: 'element'",)),
    "class_attribute": ('<flex name="f" class="x" dim="1" body="b0 b1" element="0 1"/>',
                        ("unrecognized attribute", "'class'")),
    "two_contacts": ('<flex name="f" dim="1" body="b0 b1" element="0 1"><contact/><contact/></flex>',
                     ("unique element 'contact' found 2 times",)),
}


def model_with(flex):
    return f"<mujoco>\n{BODIES}\n<deformable>\n{flex}\n</deformable>\n</mujoco>"


def reference_error(xml):
    mujoco = pytest.importorskip("mujoco")
    with pytest.raises(Exception) as caught:
        mujoco.MjModel.from_xml_string(xml)
    return caught.value


@pytest.mark.parametrize("case", sorted(CASES))
def test_flex_compile_error_is_the_reference_one(case):
    flex, message = CASES[case]
    xml = model_with(flex)
    with pytest.raises(ValueError) as caught:
        mjsim.MjModel.from_xml_string(xml)
    expected = f"{message}\nElement name 'f', id 0, line 7"
    assert str(caught.value).startswith(expected)
    reference = reference_error(xml)
    assert type(reference) is ValueError and str(reference) == expected


@pytest.mark.parametrize("case", sorted(XML_CASES))
def test_flex_xml_error_names_element_and_line(case):
    flex, words = XML_CASES[case]
    xml = model_with(flex)
    with pytest.raises(ValueError) as caught:
        mjsim.MjModel.from_xml_string(xml)
    reference = reference_error(xml)
    assert type(reference) is ValueError
    for text in (str(caught.value), str(reference)):
        assert text.startswith("XML Error: ") and "Element 'flex', line 7" in text
        for word in words:
            assert word in text


def test_repeated_flex_name():
    xml = model_with('<flex name="f" dim="1" body="b0 b1" element="0 1"/>\n'
                     '<flex name="f" dim="1" body="b0 b1" element="0 1"/>')
    with pytest.raises(ValueError, match="repeated name 'f' in flex"):
        mjsim.MjModel.from_xml_string(xml)
