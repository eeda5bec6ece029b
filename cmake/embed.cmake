# Build-time embedding of text files (scenario data, SQL migrations) into a C++ source, so a
# deployed binary needs no source tree. Used as:
#   frontier_embed_files(OUTPUT <cpp> FUNCTION <ns::fn> FILES <abs paths...>)
# which generates `std::span<const frontier::core::EmbeddedFile> <ns::fn>()` (see
# rules/core/embedded.h), regenerated whenever one of the files changes.
set(FRONTIER_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed_run.cmake)

function(frontier_embed_files)
  cmake_parse_arguments(E "" "OUTPUT;FUNCTION" "FILES" ${ARGN})
  # Semicolons would split the argument; pass the list with '|' instead.
  string(REPLACE ";" "|" files_arg "${E_FILES}")
  add_custom_command(
    OUTPUT ${E_OUTPUT}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${E_OUTPUT} -DFUNCTION=${E_FUNCTION} "-DFILES=${files_arg}"
            -P ${FRONTIER_EMBED_SCRIPT}
    DEPENDS ${E_FILES} ${FRONTIER_EMBED_SCRIPT}
    COMMENT "Embedding ${E_FUNCTION}"
    VERBATIM)
endfunction()

# A game folder's own data: every <folder>/data/*.txtpb embedded into TARGET as
# `std::span<const frontier::core::EmbeddedFile> <NAMESPACE>::data_files()`, which the game passes
# to core::load_data. Each game embeds its own, so adding a game edits no list in rules/core.
function(frontier_game_data)
  cmake_parse_arguments(D "" "TARGET;NAMESPACE" "" ${ARGN})
  file(GLOB files CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/data/*.txtpb)
  list(SORT files)
  frontier_embed_files(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/game_data_files.cpp FUNCTION ${D_NAMESPACE}::data_files
                       FILES ${files})
  target_sources(${D_TARGET} PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/game_data_files.cpp)
endfunction()
