# dist_rockspec.cmake — the rockspec of the dist target: the committed one
# with the archive's absolute path as its source, which luarocks pack
# takes (it fetches the source from a folder of its own).
#   cmake -DIN=<rockspec> -DOUT=<rockspec written> -DARCHIVE=<absolute path>
#         -P dist_rockspec.cmake
file(READ ${IN} text)
string(REGEX REPLACE "\n  url = [^\n]*\n" "\n  url = \"file://${ARCHIVE}\",\n"
       text "${text}")
file(WRITE ${OUT} "${text}")
