# install.cmake — what an install puts where (cmake/layout.cmake decides
# the folders): the program, the Lua module, the scripts, the C library
# with its header, pkg-config file and CMake package, the manual page and
# the documentation; a LuaRocks build, the module and the scripts.

install(TARGETS mutorere_module LIBRARY DESTINATION ${MUTORERE_MODULE_DIR})
install(DIRECTORY scripts/ DESTINATION ${MUTORERE_SCRIPTS_DIR})
if(LUAROCKS_LIBDIR)
  return()
endif()
install(TARGETS mutorere RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES doc/mutorere.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY doc/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
        FILES_MATCHING PATTERN "*.md")

# the C library
install(TARGETS mutorere_library EXPORT mutorereTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES capi/mutorere.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# pkg-config: its paths relative to the .pc file's folder (${pcfiledir})
set(pc_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
foreach(kind PREFIX LIBDIR INCLUDEDIR)
  set(to ${CMAKE_INSTALL_PREFIX})
  if(NOT kind STREQUAL PREFIX)
    get_filename_component(to ${CMAKE_INSTALL_${kind}} ABSOLUTE
                           BASE_DIR ${CMAKE_INSTALL_PREFIX})
  endif()
  get_filename_component(from ${CMAKE_INSTALL_PREFIX} ABSOLUTE)
  if(kind STREQUAL PREFIX)
    get_filename_component(from ${pc_dir} ABSOLUTE BASE_DIR ${CMAKE_INSTALL_PREFIX})
  endif()
  file(RELATIVE_PATH rel ${from} ${to})
  string(REGEX REPLACE "(.)/$" "\\1" PC_${kind} "${rel}")
endforeach()
configure_file(cmake/mutorere.pc.in ${PROJECT_BINARY_DIR}/mutorere.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/mutorere.pc DESTINATION ${pc_dir})

# the CMake package: find_package(mutorere), target mutorere::mutorere
set(package_dir ${CMAKE_INSTALL_LIBDIR}/cmake/mutorere)
include(CMakePackageConfigHelpers)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/mutorereConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(EXPORT mutorereTargets NAMESPACE mutorere:: DESTINATION ${package_dir})
install(FILES cmake/mutorereConfig.cmake
        ${PROJECT_BINARY_DIR}/mutorereConfigVersion.cmake
        DESTINATION ${package_dir})
