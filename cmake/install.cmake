# install.cmake — what an install puts where (cmake/layout.cmake decides
# the folders): the program, the Lua module, the scripts, the manual page
# and the documentation; a LuaRocks build, the module and the scripts.

install(TARGETS mutorere_module LIBRARY DESTINATION ${MUTORERE_MODULE_DIR})
install(DIRECTORY scripts/ DESTINATION ${MUTORERE_SCRIPTS_DIR})
if(NOT LUAROCKS_LIBDIR)
  install(TARGETS mutorere RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES doc/mutorere.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
  install(DIRECTORY doc/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
          FILES_MATCHING PATTERN "*.md")
endif()
