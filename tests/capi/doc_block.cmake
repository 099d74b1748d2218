# doc_block.cmake — the code block of a document that follows a marker
# (the README's C example after "<!-- embed-example -->", the C API's after
# "<!-- c-api-example -->", its output, the CMake project of
# embedding.md), written to a file: the tests build and run those very
# blocks.
#   doc_block(<document> <marker> <file> <found>): writes the text between
#   the first ``` fence after the marker and the next, and sets found to
#   TRUE when there is one.
function(doc_block document marker out found)
  file(READ ${document} text)
  set(${found} FALSE PARENT_SCOPE)
  string(FIND "${text}" "${marker}" at)
  if(at LESS 0)
    return()
  endif()
  string(SUBSTRING "${text}" ${at} -1 text)
  string(FIND "${text}" "\n```" open)
  if(open LESS 0)
    return()
  endif()
  math(EXPR open "${open} + 4")
  string(SUBSTRING "${text}" ${open} -1 text)
  string(FIND "${text}" "\n" eol) # past the fence's language
  math(EXPR eol "${eol} + 1")
  string(SUBSTRING "${text}" ${eol} -1 text)
  string(FIND "${text}" "```" close)
  if(close LESS 0)
    return()
  endif()
  string(SUBSTRING "${text}" 0 ${close} code)
  file(WRITE ${out}.new "${code}")
  configure_file(${out}.new ${out} COPYONLY) # touched only when it changed
  set(${found} TRUE PARENT_SCOPE)
endfunction()
