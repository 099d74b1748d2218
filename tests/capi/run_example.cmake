# run_example.cmake — runs a documented example and fails unless it exits
# 0 and prints exactly what its document says.
#   cmake -DPROGRAM=<example> [-DARGUMENT=<its argument>]
#         -DWANT=<file of its output> -P run_example.cmake
execute_process(COMMAND ${CMAKE_COMMAND} -E env MUTORERE_PATH= ${PROGRAM} ${ARGUMENT}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
file(READ ${WANT} want)
if(NOT rc EQUAL 0 OR NOT out STREQUAL want)
  message(FATAL_ERROR "${PROGRAM} exited ${rc} and printed\n${out}${err}"
                      "where its document says\n${want}")
endif()
