# check_install.cmake — installs into a scratch prefix and runs the
# installed program and module: they must find the installed scripts.
#   cmake -DBUILD=<build dir> -DPREFIX=<scratch dir> -P check_install.cmake
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX}
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed")
endif()
foreach(f bin/mutorere lib/lua/5.4/mutorere.so share/man/man1/mutorere.1
          share/mutorere/scripts/variants/standard.lua)
  if(NOT EXISTS ${PREFIX}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env MUTORERE_PATH= ${PREFIX}/bin/mutorere -e
    "print(mt.variant('centre-must-leave').path, mt.perft('standard', 10))"
  OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "share/mutorere/scripts/variants/centre-must-leave.lua\t128")
  message(FATAL_ERROR "the installed program did not find its scripts: ${out}")
endif()
file(REMOVE_RECURSE ${PREFIX})
message(STATUS "installed program works: ${out}")
