// The dedicated boards, over views built at run time with the field names the games use (the
// boards read fields by name, so they are tested without the games' generated classes).
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/text_format.h>
#include <gtest/gtest.h>

#include <memory>
#include <sstream>

#include "render/boards.h"

namespace frontier::cli {
namespace {

namespace pb = google::protobuf;

// Each game's board as the table of render/boards/ finds it by view type.
bool draw_with(const char* view_type, const Rec& v, const Style& style, const BoardOptions& opts,
               std::string& out) {
  const DedicatedBoard* board = dedicated_board(view_type);
  EXPECT_NE(board, nullptr) << view_type << " has no dedicated board";
  return board != nullptr && board->draw(v, style, opts, out);
}
bool lion_board(const Rec& v, const Style& style, const BoardOptions& opts, std::string& out) {
  return draw_with("frontier.lion.LionView", v, style, opts, out);
}
bool khartoum_board(const Rec& v, const Style& style, const BoardOptions& opts, std::string& out) {
  return draw_with("frontier.khartoum.KhartoumView", v, style, opts, out);
}
bool crossroads_board(const Rec& v, const Style& style, const BoardOptions& opts, std::string& out) {
  return draw_with("frontier.crossroads.CrossroadsView", v, style, opts, out);
}

// Builds message types from lines "Name field:type ...": s string, i int32, b bool,
// +s repeated string, *Msg repeated message, >Msg message.
class Views {
 public:
  explicit Views(const std::vector<std::string>& specs) {
    pb::FileDescriptorProto file;
    file.set_name("views_test.proto");
    file.set_package("t");
    file.set_syntax("proto3");
    for (const auto& spec : specs) {
      std::istringstream in(spec);
      std::string name, field;
      in >> name;
      auto* m = file.add_message_type();
      m->set_name(name);
      int number = 1;
      while (in >> field) {
        auto colon = field.find(':');
        std::string type = field.substr(colon + 1);
        auto* f = m->add_field();
        f->set_name(field.substr(0, colon));
        f->set_number(number++);
        f->set_label(pb::FieldDescriptorProto::LABEL_OPTIONAL);
        if (type[0] == '+' || type[0] == '*') {
          f->set_label(pb::FieldDescriptorProto::LABEL_REPEATED);
          type = type[0] == '+' ? type.substr(1) : ">" + type.substr(1);
        }
        if (type == "s") f->set_type(pb::FieldDescriptorProto::TYPE_STRING);
        if (type == "i") f->set_type(pb::FieldDescriptorProto::TYPE_INT32);
        if (type == "b") f->set_type(pb::FieldDescriptorProto::TYPE_BOOL);
        if (type[0] == '>') {
          f->set_type(pb::FieldDescriptorProto::TYPE_MESSAGE);
          f->set_type_name(".t." + type.substr(1));
        }
      }
    }
    file_ = pool_.BuildFile(file);
  }
  std::unique_ptr<pb::Message> parse(const std::string& type, const std::string& text) {
    const pb::Descriptor* d = pool_.FindMessageTypeByName("t." + type);
    std::unique_ptr<pb::Message> m(factory_.GetPrototype(d)->New());
    EXPECT_TRUE(pb::TextFormat::ParseFromString(text, m.get())) << text;
    return m;
  }
  bool ok() const { return file_ != nullptr; }

 private:
  pb::DescriptorPool pool_;
  pb::DynamicMessageFactory factory_;
  const pb::FileDescriptor* file_ = nullptr;
};

TEST(Boards, LionDrawsTheFourBannerPathsWithEachBannerWhereItStands) {
  Views views(
      {"BannerView id:s name:s area:i area_name:s strength:i disorganised:b",
       "AreaView index:i id:s name:s path:s number:i fortification:i upgraded:b key_area:b controlled:b "
       "units:+s",
       "BoxView box:s units:+s",
       "LionView turn:i month:s phase:s action_points:i city_morale:i resource_points:i relief_turn:i "
       "banners:*BannerView areas:*AreaView boxes:*BoxView event_card:i event_title:s"});
  ASSERT_TRUE(views.ok());
  auto v = views.parse("LionView", R"pb(
    turn: 2
    month: "October 1884"
    city_morale: 7
    resource_points: 5
    action_points: 3
    relief_turn: 12
    event_card: 4
    event_title: "Nile falls"
    banners { id: "black" name: "Black" area: 5 strength: 4 }
    banners { id: "green" name: "Green" area: 6 strength: 3 disorganised: true }
    areas { name: "Omdurman Camp" path: "black" number: 6 }
    areas { name: "Tuti Island" path: "black" number: 4 controlled: true }
    areas {
      name: "Fort Omdurman"
      path: "black"
      number: 5
      fortification: 2
      key_area: true
      units: "Egyptian infantry (2 steps)"
    }
    areas { name: "Kalakla" path: "green" number: 6 }
    areas { name: "Governor's Palace" path: "palace" number: 1 }
    boxes { box: "available" units: "Sudanese infantry" })pb");
  std::string out;
  ASSERT_TRUE(lion_board(Rec(*v), Style(false), {}, out));
  EXPECT_NE(out.find("CM 7 · RP 5 · AP 3 · relief turn 12"), std::string::npos) << out;
  EXPECT_NE(out.find("Event card: #4 Nile falls"), std::string::npos) << out;
  EXPECT_NE(out.find("Black banner, strength 4\n      6 Omdurman Camp (taken) → [Black] 5 Fort Omdurman (F2, "
                     "key, taken, 1 unit) → 4 Tuti Island"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Green banner, strength 3, disorganised\n      [Green] 6 Kalakla (taken)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("Palace: 1 Governor's Palace"), std::string::npos) << out;
  EXPECT_NE(out.find("Fort Omdurman: Egyptian infantry (2 steps)"), std::string::npos) << out;
  EXPECT_NE(out.find("available: Sudanese infantry"), std::string::npos) << out;
}

// Issue 15: the terminal shows where one can go from a place (11.0 routes, 29.12 by sea).
TEST(Boards, KhartoumRoutesByPlaceInWords) {
  Views views({"UnitView id:s name:s side:s", "SpaceView id:s name:s terrain:s units:*UnitView",
               "SideView side:s deck_size:i", "RouteView a:s b:s kind:s",
               "KhartoumView turn:i player:s card:s spaces:*SpaceView routes:*RouteView sides:*SideView"});
  auto v = views.parse("KhartoumView", R"pb(
    turn: 1
    player: "Mahdist"
    spaces { id: "berber" name: "Berber" terrain: "town" }
    spaces { id: "shendi" name: "Shendi" }
    spaces { id: "abu_hamed" name: "Abu Hamed" }
    spaces { id: "suakin" name: "Suakin" }
    routes { a: "berber" b: "shendi" kind: "river" }
    routes { a: "berber" b: "abu_hamed" kind: "desert" }
    routes { a: "berber" b: "suakin" kind: "land" }
    routes { a: "suakin" b: "shendi" kind: "naval" })pb");
  std::string all = khartoum_routes(Rec(*v), "", 100);
  EXPECT_NE(all.find("    Berber: Shendi (river), Abu Hamed (desert track), Suakin (road)\n"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("    Suakin: Berber (road), Shendi (by sea)\n"), std::string::npos) << all;
  EXPECT_EQ(khartoum_routes(Rec(*v), "shendi", 100), "    Shendi: Berber (river), Suakin (by sea)\n");
  // Zoomed on a place, the board lists its routes; ids never show.
  std::string out;
  ASSERT_TRUE(khartoum_board(Rec(*v), Style(false), {"Abu", 100}, out));
  EXPECT_NE(out.find("Routes\n    Abu Hamed: Berber (desert track)\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("abu_hamed"), std::string::npos) << out;
}

TEST(Boards, KhartoumListsStacksTopLastWithHiddenUnitsCounted) {
  Views views({"UnitView id:s name:s side:s strength:i elite:b panicked:b",
               "SpaceView id:s name:s terrain:s port:b vp:i units:*UnitView hidden_units:i",
               "SideView side:s deck_size:i holds_card:b held_card:s box:+s",
               "KhartoumView turn:i turn_name:s player:s step:s card:s spaces:*SpaceView sides:*SideView "
               "empire_vp:i"});
  auto v = views.parse("KhartoumView", R"pb(
    turn: 3
    turn_name: "Spring 1884"
    player: "Mahdist"
    card: "K-04 Graham's Expedition"
    empire_vp: 2
    spaces {
      name: "Khartoum"
      terrain: "town"
      port: true
      vp: 3
      units { name: "Gordon" side: "Empire" strength: 3 elite: true }
    }
    spaces {
      name: "Abu Klea"
      units { name: "Camel Corps" side: "Empire" }
      units { name: "Ansar B" side: "Mahdist" }
    }
    spaces {
      name: "El Obeid"
      terrain: "desert"
      units { name: "Ansar" side: "Mahdist" strength: 2 }
      hidden_units: 2
    }
    spaces { name: "Berber" terrain: "town" }
    sides { side: "Empire" deck_size: 12 holds_card: true held_card: "K-07" box: "Camel Corps" })pb");
  std::string out;
  ASSERT_TRUE(khartoum_board(Rec(*v), Style(false), {}, out));
  EXPECT_NE(out.find("Turn 3 (Spring 1884) · Mahdist's player turn"), std::string::npos) << out;
  EXPECT_NE(out.find("Card in effect: K-04 Graham's Expedition"), std::string::npos) << out;
  EXPECT_NE(out.find("Khartoum [town, port, VP 3]  Empire: Gordon (3, elite)\n"), std::string::npos) << out;
  EXPECT_NE(out.find("El Obeid [desert]  Mahdist: Ansar (2), 2 hidden"), std::string::npos) << out;
  EXPECT_NE(out.find("Empty: Berber"), std::string::npos) << out;
  EXPECT_NE(out.find("Abu Klea  Empire: Camel Corps · Mahdist: Ansar B\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Empire: deck 12, holds K-07"), std::string::npos) << out;
  BoardOptions zoom;
  zoom.focus = "obeid";
  out.clear();
  ASSERT_TRUE(khartoum_board(Rec(*v), Style(false), zoom, out));
  EXPECT_EQ(out.find("Gordon"), std::string::npos) << out;
  EXPECT_NE(out.find("El Obeid"), std::string::npos) << out;
}

TEST(Boards, CrossroadsGridCentresOnTheZoomedPlaceAndPans) {
  Views views(
      {"UnitView nation:s type:s strength:i move:i",
       "StackView square:i row:i col:i name:s side:s examined:b units:*UnitView",
       "MarkerView square:i name:s side:s kind:s", "RegionView code:s name:s control:s vp:i",
       "CrossroadsView turn:i phase:s balance_of_power:i pounds:i regions:*RegionView stacks:*StackView "
       "markers:*MarkerView"});
  auto v = views.parse("CrossroadsView", R"pb(
    turn: 1
    phase: "operations"
    balance_of_power: 2
    pounds: 14
    stacks {
      row: 35
      col: 30
      name: "Delhi"
      side: "British"
      examined: true
      units { nation: "British" type: "IR" strength: 3 move: 4 }
    }
    stacks { row: 18 col: 22 name: "Tashkent" side: "Russian" examined: false }
    markers { name: "Kabul" side: "British" kind: "trading post" }
    regions { code: "NI" name: "North India" control: "British" vp: 3 })pb");
  std::string out;
  ASSERT_TRUE(crossroads_board(Rec(*v), Style(false), {}, out));
  EXPECT_NE(out.find("BoP +2 (pro-British) · treasury £14"), std::string::npos) << out;
  EXPECT_NE(out.find("Tashkent (18,22) Russian: (not examined)"), std::string::npos) << out;
  EXPECT_NE(out.find("Regions: North India British 3VP"), std::string::npos) << out;
  // The real map (issue 15): terrain, cities and region names, its whole width in 80 columns.
  EXPECT_NE(out.find("+ city @ capital"), std::string::npos) << out;
  EXPECT_NE(out.find("Persia"), std::string::npos) << out;
  for (size_t start = 0; start < out.size();) {
    size_t end = out.find('\n', start);
    EXPECT_LE(end - start, 80u) << out.substr(start, end - start);
    start = end + 1;
  }
  BoardOptions zoom;
  zoom.focus = "delhi";
  out.clear();
  ASSERT_TRUE(crossroads_board(Rec(*v), Style(false), zoom, out));
  EXPECT_NE(out.find("Map rows 29-40, columns 0-41"), std::string::npos) << out;
  EXPECT_NE(out.find("Delhi (35,30) British: British irregulars 3-4"), std::string::npos) << out;
  EXPECT_NE(out.find("1 more stacks outside the window"), std::string::npos) << out;
  std::string delhi_row = out.substr(out.find("   35 "), 60);
  EXPECT_NE(delhi_row.find('B'), std::string::npos) << delhi_row;
  zoom.focus = "5,55";
  out.clear();
  ASSERT_TRUE(crossroads_board(Rec(*v), Style(false), zoom, out));
  EXPECT_NE(out.find("Map rows 0-11, columns 0-41"), std::string::npos) << out;
}

TEST(Boards, AViewWithoutTheDrawnFieldsFallsBackToTheGenericBoard) {
  Views views({"LionView turn:i"});
  auto v = views.parse("LionView", "turn: 1");
  std::string out;
  EXPECT_FALSE(lion_board(Rec(*v), Style(false), {}, out));
  EXPECT_FALSE(khartoum_board(Rec(*v), Style(false), {}, out));
  EXPECT_FALSE(crossroads_board(Rec(*v), Style(false), {}, out));
}

}  // namespace
}  // namespace frontier::cli
