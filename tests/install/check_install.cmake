# check_install.cmake — installs into a scratch prefix given at install
# time (the build was configured for another) and runs what was installed:
# the program and the Lua module (in a stock Lua host) must find the
# installed scripts from where they are, under the prefix and staged under
# DESTDIR; the manual page and the documentation are in their places.
#   cmake -DBUILD=<build dir> -DPREFIX=<scratch dir> -DHOST=<module_host>
#         -P check_install.cmake
file(REMOVE_RECURSE ${PREFIX})
file(MAKE_DIRECTORY ${PREFIX})
get_filename_component(PREFIX ${PREFIX} REALPATH)

# Runs the command (a list), failing with what it printed unless it exits
# 0 and its output matches the regular expression want.
function(expect want)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "${want}")
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "${command}\nexit ${rc}, printed:\n${out}${err}\n"
                        "wanted: ${want}")
  endif()
  message(STATUS "ok: ${out}")
endfunction()

# Installs into root (prefix, or DESTDIR and prefix) and checks the files.
function(install_into destdir prefix)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env DESTDIR=${destdir}
                          ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix}
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install failed")
  endif()
  foreach(f bin/mutorere lib/lua/5.4/mutorere.so share/man/man1/mutorere.1
            share/mutorere/scripts/variants/standard.lua
            share/mutorere/scripts/variants/tired-piece.lua
            share/doc/mutorere/README.md share/doc/mutorere/api.md
            share/doc/mutorere/embedding.md)
    if(NOT EXISTS ${destdir}${prefix}/${f})
      message(FATAL_ERROR "not installed: ${destdir}${prefix}/${f}")
    endif()
  endforeach()
endfunction()

# The installed program and module, run from root, find the scripts under
# root; the module plays a shipped variant whose rules are in Lua.
function(check_installed root)
  set(scripts "${root}/share/mutorere/scripts/variants")
  expect("^${scripts}/centre-must-leave.lua\t128\n$"
    ${CMAKE_COMMAND} -E env MUTORERE_PATH= ${root}/bin/mutorere -e
    "print(mt.variant('centre-must-leave').path, mt.perft('standard', 10))")
  file(WRITE ${PREFIX}-play.lua [[
local mt = require "mutorere"
local g = mt.game("tired-piece")
g:play("4-c")
print(mt.variant("tired-piece").path, g:position(), mt.perft(g, 6))
]])
  expect("^${scripts}/tired-piece.lua\tbbb.wwww/b w 1\t[0-9]+\n$"
    ${CMAKE_COMMAND} -E env MUTORERE_PATH= ${HOST} ${root}/lib/lua/5.4
    ${PREFIX}-play.lua)
  file(REMOVE ${PREFIX}-play.lua)
endfunction()

install_into("" ${PREFIX})
check_installed(${PREFIX})

# man finds the page of a prefix whose bin/ is on PATH, with no MANPATH
find_program(MAN man)
if(MAN)
  expect("^${PREFIX}/share/man/man1/mutorere.1\n$"
    ${CMAKE_COMMAND} -E env --unset=MANPATH PATH=${PREFIX}/bin:/usr/bin:/bin
    ${MAN} -w mutorere)
else()
  message(STATUS "man is not installed: the manual page's place not checked")
endif()

# staged under DESTDIR, for a prefix that does not exist: run where it is
file(REMOVE_RECURSE ${PREFIX})
file(MAKE_DIRECTORY ${PREFIX})
install_into(${PREFIX}/stage /opt/mutorere-check)
check_installed(${PREFIX}/stage/opt/mutorere-check)
file(REMOVE_RECURSE ${PREFIX})
