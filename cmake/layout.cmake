# layout.cmake — where an install puts each part, and the paths from the
# installed program, C library and Lua module to the scripts: relative to
# their own folders, so that an install works under whatever prefix it is
# given at install time (cmake --install build --prefix P) and staged
# under DESTDIR.
#
# A LuaRocks build (the rockspec sets LUAROCKS_LIBDIR and LUAROCKS_LUADIR,
# the rock's folders) installs the module and the scripts alone.

set(MUTORERE_LUA_CMOD_DIR lib/lua/5.4 CACHE STRING
    "where the Lua module is installed (relative to the prefix, or absolute)")

if(LUAROCKS_LIBDIR)
  set(MUTORERE_MODULE_DIR ${LUAROCKS_LIBDIR})
  set(MUTORERE_SCRIPTS_DIR ${LUAROCKS_LUADIR}/mutorere/scripts)
  # LuaRocks deploys the rock's lib/ to the tree's lib/lua/5.4 and its lua/
  # to the tree's share/lua/5.4: the module finds the scripts from there.
  set(MUTORERE_SCRIPTS_NEAR ../../../share/lua/5.4/mutorere/scripts)
else()
  set(MUTORERE_MODULE_DIR ${MUTORERE_LUA_CMOD_DIR})
  set(MUTORERE_SCRIPTS_DIR ${CMAKE_INSTALL_DATADIR}/mutorere/scripts)
  get_filename_component(scripts ${MUTORERE_SCRIPTS_DIR} ABSOLUTE
                         BASE_DIR ${CMAKE_INSTALL_PREFIX})
  set(MUTORERE_SCRIPTS_NEAR)
  foreach(dir ${CMAKE_INSTALL_BINDIR} ${CMAKE_INSTALL_LIBDIR} ${MUTORERE_MODULE_DIR})
    get_filename_component(from ${dir} ABSOLUTE BASE_DIR ${CMAKE_INSTALL_PREFIX})
    file(RELATIVE_PATH near ${from} ${scripts})
    list(APPEND MUTORERE_SCRIPTS_NEAR ${near})
  endforeach()
  list(REMOVE_DUPLICATES MUTORERE_SCRIPTS_NEAR)
endif()
# the scripts of the prefix the build was configured for: the last place
# looked in
get_filename_component(MUTORERE_SCRIPTS_FULL ${MUTORERE_SCRIPTS_DIR} ABSOLUTE
                       BASE_DIR ${CMAKE_INSTALL_PREFIX})
string(REPLACE ";" ":" MUTORERE_SCRIPTS_NEAR "${MUTORERE_SCRIPTS_NEAR}")
