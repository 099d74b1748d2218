# check_symbols.cmake — what the libraries export: libmutorere the names
# of core/capi/mutorere.symbols (kept in the repository) and nothing else, the
# header declares those functions and no others, and the Lua module
# exports luaopen_mutorere alone.  (Names that start with "__" are the
# compiler's and the sanitizers', never the API's.)
#   cmake -DLIBRARY=<libmutorere.so> -DMODULE=<mutorere.so> -DSOURCE=<root>
#         -P check_symbols.cmake

# The sorted names of the dynamic symbols that file defines.
function(exported file out)
  execute_process(COMMAND nm -D --defined-only ${file}
                  OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "nm -D ${file} failed")
  endif()
  string(REGEX MATCHALL "[^\n]+" lines "${text}")
  set(names)
  foreach(line ${lines})
    string(REGEX REPLACE "^.* " "" name "${line}")
    if(NOT name MATCHES "^__")
      list(APPEND names ${name})
    endif()
  endforeach()
  list(SORT names)
  set(${out} "${names}" PARENT_SCOPE)
endfunction()

# Fails unless the lists got and want are the same, saying what differs.
function(same got want what)
  set(more ${got})
  set(fewer ${want})
  if(got)
    list(REMOVE_ITEM fewer ${got})
  endif()
  if(want)
    list(REMOVE_ITEM more ${want})
  endif()
  if(more OR fewer)
    message(FATAL_ERROR "${what}:\n  not in the list: ${more}\n"
                        "  listed, not there: ${fewer}\n"
                        "(core/capi/mutorere.symbols lists the API's functions)")
  endif()
endfunction()

file(STRINGS ${SOURCE}/core/capi/mutorere.symbols listed REGEX "^[a-z_]+$")
list(SORT listed)
exported(${LIBRARY} library)
same("${library}" "${listed}" "libmutorere exports another list")

file(READ ${SOURCE}/core/capi/mutorere.h header)
string(REGEX MATCHALL "MUTORERE_API[^;(]*[ *](mutorere_[a-z_]+)\\(" declarations
       "${header}")
set(declared)
foreach(d ${declarations})
  string(REGEX REPLACE ".*[ *](mutorere_[a-z_]+)\\($" "\\1" name "${d}")
  list(APPEND declared ${name})
endforeach()
list(SORT declared)
same("${declared}" "${listed}" "mutorere.h declares another list")

exported(${MODULE} module)
same("${module}" "luaopen_mutorere" "mutorere.so exports more than its entry")
list(LENGTH listed n)
message(STATUS "${n} functions exported, as listed and declared")
