# mutorereConfig.cmake — what find_package(mutorere) reads: the imported
# targets mutorere::mutorere, the shared libmutorere with its header
# (mutorere.h), and mutorere::mutorere_static, the static libmutorere.a
# with what it needs (Lua 5.4, libm, libdl, threads).
include("${CMAKE_CURRENT_LIST_DIR}/mutorereTargets.cmake")
get_filename_component(_mutorere_libdir "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
if(NOT TARGET mutorere::mutorere_static AND EXISTS "${_mutorere_libdir}/libmutorere.a")
  find_package(Threads REQUIRED)
  find_library(MUTORERE_LUA_LIBRARY NAMES lua5.4 lua54)
  if(NOT MUTORERE_LUA_LIBRARY)
    set(MUTORERE_LUA_LIBRARY lua5.4)
  endif()
  get_target_property(_mutorere_include mutorere::mutorere INTERFACE_INCLUDE_DIRECTORIES)
  add_library(mutorere::mutorere_static STATIC IMPORTED)
  set_target_properties(mutorere::mutorere_static PROPERTIES
    IMPORTED_LOCATION "${_mutorere_libdir}/libmutorere.a"
    INTERFACE_INCLUDE_DIRECTORIES "${_mutorere_include}"
    INTERFACE_LINK_LIBRARIES "${MUTORERE_LUA_LIBRARY};m;${CMAKE_DL_LIBS};Threads::Threads")
  unset(_mutorere_include)
endif()
unset(_mutorere_libdir)
