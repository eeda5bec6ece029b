#include "hand_of_destiny/view_parts.h"

#include <algorithm>

#include "khartoum.pb.h"

namespace frontier::hand_of_destiny {

namespace {

const char* kind_name(LinkKind k) {
  switch (k) {
    case kLand:
      return "land";
    case kRiver:
      return "river";
    case kDesert:
      return "desert";
    case kNaval:
      return "naval";
  }
  return "?";
}

}  // namespace

// Each part is a message holding only the fixed fields, serialized by protobuf itself, so the
// bytes are exactly the ones those fields would take inside the whole view.
ViewParts encode_view_parts(const Scenario& sc) {
  ViewParts parts;
  for (const SpaceInfo& info : sc.spaces) {
    frontier::khartoum::SpaceView names;
    names.set_id(info.id);
    names.set_name(info.name);
    parts.space_names.push_back(names.SerializeAsString());
    frontier::khartoum::SpaceView place;
    place.set_port(info.port);
    place.set_vp(info.vp);
    place.set_x(info.x);
    place.set_y(info.y);
    parts.space_places.push_back(place.SerializeAsString());
  }
  for (const TerrainInfo& t : sc.terrain) {
    frontier::khartoum::SpaceView terrain;
    terrain.set_terrain(t.name);
    parts.terrains.push_back(terrain.SerializeAsString());
  }
  for (const UnitInfo& ui : sc.units) {
    frontier::khartoum::UnitView unit;
    unit.set_id(ui.id);
    unit.set_name(ui.name);
    unit.set_side(sc.sides[static_cast<size_t>(ui.side)]);
    unit.set_type(sc.type_names[static_cast<size_t>(ui.type)]);
    unit.set_strength(ui.strength);
    unit.set_elite(ui.elite);
    parts.units.push_back(unit.SerializeAsString());
  }
  frontier::khartoum::KhartoumView routes;
  for (int sp = 0; sp < sc.space_count(); ++sp) {
    const SpaceInfo& info = sc.spaces[static_cast<size_t>(sp)];
    for (int i = 0; i < info.link_count; ++i) {
      const Link& l = info.links[static_cast<size_t>(i)];
      if (l.to < sp) continue;  // each route once, from its lower-numbered end
      auto* rv = routes.add_routes();
      rv->set_a(info.id);
      rv->set_b(sc.spaces[static_cast<size_t>(l.to)].id);
      rv->set_kind(kind_name(l.kind));
    }
  }
  parts.routes = routes.SerializeAsString();
  // Every unit on the map with all four marks, each space with its longest terrain name and
  // three counts; the tags and lengths around them take at most 3 bytes per space and unit.
  size_t terrain = 0;
  for (const std::string& t : parts.terrains) terrain = std::max(terrain, t.size());
  parts.board_bytes = parts.routes.size();
  for (size_t sp = 0; sp < parts.space_names.size(); ++sp)
    parts.board_bytes += 3 + parts.space_names[sp].size() + terrain + parts.space_places[sp].size() + 3 * 6;
  for (const std::string& u : parts.units) parts.board_bytes += 3 + u.size() + 4 * 2;
  for (const CardInfo& c : sc.cards) parts.card_labels.push_back(c.id + " " + c.name);
  return parts;
}

}  // namespace frontier::hand_of_destiny
