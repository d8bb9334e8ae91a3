// sections.h: the MJCF readers of each group of elements, one file per group (xml/read_*.cc).
// xml_reader.cc reads the model's skeleton (compiler, option, defaults, bodies) and hands
// every other element to these functions. Each reads values as written into the Spec; the
// compiler resolves names and units.
#pragma once
#include <string>
#include <vector>

#include "xml/reader_base.h"

namespace mjsim {

// ---- top-level sections, called with the section element --------------------------------------
void ReadCompilerElement(XmlReader& reader, const XMLElement* elem);  // read_compiler_option.cc
void ReadOptionElement(XmlReader& reader, const XMLElement* elem);    // read_compiler_option.cc
// a URDF <robot> instead of an MJCF model (urdf_reader.cc)
void ReadUrdf(XmlReader& reader, const XMLElement* robot);
void ReadActuatorSection(XmlReader& reader, const XMLElement* section);  // <actuator>
void ReadTendonSection(XmlReader& reader, const XMLElement* section);    // <tendon>
void ReadSensorSection(XmlReader& reader, const XMLElement* section);    // <sensor>
void ReadEqualitySection(XmlReader& reader, const XMLElement* section);  // <equality>
void ReadContactSection(XmlReader& reader, const XMLElement* section);   // <contact>
void ReadCustomSection(XmlReader& reader, const XMLElement* section);    // <custom>
void ReadExtensionSection(XmlReader& reader, const XMLElement* section); // <extension>
void ReadDeformableSection(XmlReader& reader, const XMLElement* section); // <deformable>
void ReadKeyframeSection(XmlReader& reader, const XMLElement* section);  // <keyframe>
void ReadSizeSection(XmlReader& reader, const XMLElement* section);      // <size>
void ReadStatisticSection(XmlReader& reader, const XMLElement* section); // <statistic>
void ReadVisualSection(XmlReader& reader, const XMLElement* section);    // <visual>
// <compiler><lengthrange>: options of the actuator length-range computation
void ReadLengthRange(XmlReader& reader, const XMLElement* elem);

// ---- <asset> children; `key` is the schema key ("asset/mesh", ...) ----------------------------
void ReadMeshAsset(XmlReader& reader, const XMLElement* elem);      // read_mesh.cc
void ReadHFieldAsset(XmlReader& reader, const XMLElement* elem);    // read_asset.cc
void ReadTextureAsset(XmlReader& reader, const XMLElement* elem);   // read_asset.cc
void ReadMaterialAsset(XmlReader& reader, const XMLElement* elem);  // read_asset.cc
void ReadSkinAsset(XmlReader& reader, const XMLElement* elem);      // read_skin.cc

// ---- element values shared by bodies and default classes ---------------------------------------
void ReadCameraValues(XmlReader& reader, const XMLElement* elem, SpecCamera& camera);
void ReadLightValues(XmlReader& reader, const XMLElement* elem, SpecLight& light);

// ---- default classes: each returns true when it read `elem` (schema key `key`) into `dflt` -----
bool ReadActuatorDefault(XmlReader& reader, const XMLElement* elem, const std::string& key,
                         SpecDefault& dflt);
bool ReadTendonDefault(XmlReader& reader, const XMLElement* elem, const std::string& key,
                       SpecDefault& dflt);
bool ReadEqualityDefault(XmlReader& reader, const XMLElement* elem, const std::string& key,
                         SpecDefault& dflt);  // default/equality and default/pair
bool ReadMeshDefault(XmlReader& reader, const XMLElement* elem, const std::string& key,
                     SpecDefault& dflt);
bool ReadAssetDefault(XmlReader& reader, const XMLElement* elem, const std::string& key,
                      SpecDefault& dflt);  // default/material
bool ReadCameraLightDefault(XmlReader& reader, const XMLElement* elem, const std::string& key,
                            SpecDefault& dflt);

// ---- sensor elements (read_sensor.cc), shared with the writer --------------------------------
// What a sensor element names, and so which attributes it has besides the common ones.
enum class SensorTarget {
  kSite,           // site
  kCamProjection,  // site, camera
  kJoint,          // joint
  kTendon,         // tendon
  kActuator,       // actuator
  kFrame,          // objtype, objname, optional reftype + refname
  kFrameNoRef,     // objtype, objname (framelinacc, frameangacc take no reference frame)
  kSubtree,        // body
  kInsideSite,     // site, objtype, objname
  kGeomPair,       // geom1 | body1, geom2 | body2
  kContact,        // optional filters on each side, num, data, reduce
  kNone,           // energy sensors and the clock
  kUser,           // objtype, objname, datatype, needstage, dim
  kTactile,        // mesh (the sensorized object), geom (the reference); 3 outputs per vertex
};

struct SensorElement {
  const char* tag;
  int type;  // mjtSensor (its output layout: spec/sensor_layout.cc)
  SensorTarget target;
};
const std::vector<SensorElement>& SensorElements();

}  // namespace mjsim
