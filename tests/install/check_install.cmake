# check_install.cmake — installs into a scratch prefix given at install
# time (the build was configured for another) and runs what was installed:
# the program, the Lua module (in a stock Lua host) and the C library must
# find the installed scripts from where they are, under the prefix and
# staged under DESTDIR; the README's C example builds against the install
# with pkg-config alone and as a CMake project (find_package); the manual
# page and the documentation are in their places.
#   cmake -DBUILD=<build dir> -DPREFIX=<scratch dir> -DHOST=<module_host>
#         -DSOURCE=<source dir> -DCC=<C compiler> -DCFLAGS=<its flags>
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
            share/doc/mutorere/README.md share/doc/mutorere/doc/api.md
            share/doc/mutorere/doc/embedding.md
            share/doc/mutorere/LICENSE lib/libmutorere.a
            lib/libmutorere.so lib/libmutorere.so.0 include/mutorere.h
            lib/pkgconfig/mutorere.pc lib/cmake/mutorere/mutorereConfig.cmake
            lib/cmake/mutorere/mutorereConfigVersion.cmake)
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
  # through links in another folder (a Lua tree's, a program's): the real
  # files' folders still lead to the scripts
  file(REMOVE_RECURSE ${PREFIX}-links)
  file(MAKE_DIRECTORY ${PREFIX}-links)
  file(CREATE_LINK ${root}/lib/lua/5.4/mutorere.so ${PREFIX}-links/mutorere.so
       SYMBOLIC)
  expect("^${scripts}/tired-piece.lua\tbbb.wwww/b w 1\t[0-9]+\n$"
    ${CMAKE_COMMAND} -E env MUTORERE_PATH= ${HOST} ${PREFIX}-links
    ${PREFIX}-play.lua)
  file(REMOVE ${PREFIX}-play.lua)
  check_library(${root})
endfunction()

separate_arguments(cflags UNIX_COMMAND "${CFLAGS}")
include(${SOURCE}/tests/capi/doc_block.cmake)
doc_block(${SOURCE}/README.md "<!-- embed-example -->" ${PREFIX}-example/readme.c
          found)
if(NOT found)
  message(FATAL_ERROR "README.md has no ```c block after <!-- embed-example -->")
endif()
file(WRITE ${PREFIX}-example/scripted.c [[
#include <stdio.h>
#include <mutorere.h>

/* A shipped variant written in Lua, found by the installed library. */
int main(void) {
  mutorere_variant *v;
  mutorere_game *g;
  uint64_t n;
  if (mutorere_variant_named("tired-piece", 0, &v) ||
      mutorere_game_new(v, NULL, &g) || mutorere_perft(g, 8, NULL, NULL, &n)) {
    printf("%s\n", mutorere_last_error());
    return 1;
  }
  printf("%s %llu\n", mutorere_variant_name(v), (unsigned long long)n);
  mutorere_game_free(g);
  mutorere_variant_free(v);
  return 0;
}
]])

# The README's example, built against the C library installed under root
# with pkg-config alone, then as a CMake project, prints "draw"; a program
# of the installed library finds a shipped script.
function(check_library root)
  set(run ${CMAKE_COMMAND} -E env MUTORERE_PATH= LD_LIBRARY_PATH=${root}/lib)
  find_program(PKG_CONFIG pkg-config)
  if(PKG_CONFIG)
    execute_process(
      COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${root}/lib/pkgconfig
              ${PKG_CONFIG} --cflags --libs mutorere
      OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "pkg-config --cflags --libs mutorere failed")
    endif()
    separate_arguments(flags UNIX_COMMAND "${flags}")
    foreach(program readme scripted)
      expect("^$" ${CC} ${cflags} ${PREFIX}-example/${program}.c ${flags}
             -o ${PREFIX}-example/${program})
    endforeach()
    expect("^draw\n$" ${run} ${PREFIX}-example/readme)
    expect("^tired-piece 10\n$" ${run} ${PREFIX}-example/scripted)
    # the library through a link in another folder finds the scripts
    file(CREATE_LINK ${root}/lib/libmutorere.so.0
         ${PREFIX}-links/libmutorere.so.0 SYMBOLIC)
    expect("^tired-piece 10\n$" ${CMAKE_COMMAND} -E env MUTORERE_PATH=
           LD_LIBRARY_PATH=${PREFIX}-links ${PREFIX}-example/scripted)
    # linked statically, with the libraries of Libs.private
    execute_process(
      COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${root}/lib/pkgconfig
              ${PKG_CONFIG} --static --libs-only-l --libs-only-other mutorere
      OUTPUT_VARIABLE private OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
    separate_arguments(private UNIX_COMMAND "${private}")
    list(REMOVE_ITEM private -lmutorere)
    expect("^$" ${CC} ${cflags} ${PREFIX}-example/readme.c -I${root}/include
           ${root}/lib/libmutorere.a ${private} -o ${PREFIX}-example/readme-static)
    expect("^draw\n$" ${CMAKE_COMMAND} -E env MUTORERE_PATH=
           ${PREFIX}-example/readme-static)
  else()
    message(STATUS "pkg-config is not installed: mutorere.pc not checked")
  endif()
  doc_block(${SOURCE}/doc/embedding.md "<!-- cmake-example -->"
            ${PREFIX}-example/CMakeLists.txt found)
  if(NOT found)
    message(FATAL_ERROR "doc/embedding.md has no block after <!-- cmake-example -->")
  endif()
  file(REMOVE_RECURSE ${PREFIX}-example/build)
  expect("" ${CMAKE_COMMAND} -S ${PREFIX}-example -B ${PREFIX}-example/build
         -DCMAKE_PREFIX_PATH=${root} -DCMAKE_C_COMPILER=${CC}
         "-DCMAKE_C_FLAGS=${CFLAGS}")
  expect("" ${CMAKE_COMMAND} --build ${PREFIX}-example/build)
  expect("^draw\n$" ${run} ${PREFIX}-example/build/readme)
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
file(REMOVE_RECURSE ${PREFIX} ${PREFIX}-example ${PREFIX}-links)
