# embed.cmake — writes a C file holding the given files as byte arrays,
# listed in lembedded_files[] (see lua/lmutorere.h).
#   cmake -DOUTPUT=out.c -DINPUTS="dir/a.lua;dir/b.md" -P embed.cmake
set(body "#include \"lmutorere.h\"\n\n")
set(table "const EmbeddedFile lembedded_files[] = {\n")
set(i 0)
foreach(input IN LISTS INPUTS)
  file(READ "${input}" hex HEX)
  string(LENGTH "${hex}" hexlen)
  math(EXPR size "${hexlen} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  get_filename_component(name "${input}" NAME)
  string(APPEND body "static const char file${i}[] = {${bytes}0};\n")
  string(APPEND table "    {\"${name}\", file${i}, ${size}},\n")
  math(EXPR i "${i} + 1")
endforeach()
string(APPEND table "    {0, 0, 0}};\n")
file(WRITE "${OUTPUT}.tmp" "${body}\n${table}")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
