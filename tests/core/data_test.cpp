// Text-format parse errors point at file, line and column.
#include <gtest/gtest.h>

#include "core/data.h"
#include "record.pb.h"

using namespace frontier::core;

TEST(Data, ParseErrorsNameFileAndLine) {
  frontier::GameRecord rec;
  Status s = parse_text_proto("setup { game: \"race\" }\nactions { seat: x }\n", "bad.txtpb", &rec);
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("bad.txtpb:2:"), std::string::npos) << s.message();
}

TEST(Data, UnknownDataFileIsNotFound) {
  frontier::GameRecord rec;
  EXPECT_EQ(load_data("no-such-file.txtpb", &rec).code(), StatusCode::kNotFound);
}

TEST(Data, EveryEmbeddedFileHasANameAndContents) {
  for (const auto& f : scenario_data_files()) {
    EXPECT_FALSE(f.name.empty());
    EXPECT_FALSE(f.contents.empty()) << f.name;
  }
}
