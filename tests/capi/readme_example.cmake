# readme_example.cmake — the C program of README.md, the ```c block after
# "<!-- embed-example -->", written to a file: the tests build and run that
# very block (and CI builds it against an install).
#   readme_example(<README.md> <file.c> <found>): found is TRUE when it is.
function(readme_example readme out found)
  file(READ ${readme} text)
  set(${found} FALSE PARENT_SCOPE)
  string(FIND "${text}" "<!-- embed-example -->" at)
  if(at LESS 0)
    return()
  endif()
  string(SUBSTRING "${text}" ${at} -1 text)
  string(FIND "${text}" "```c\n" open)
  if(open LESS 0)
    return()
  endif()
  math(EXPR open "${open} + 5")
  string(SUBSTRING "${text}" ${open} -1 text)
  string(FIND "${text}" "\n```" close)
  if(close LESS 0)
    return()
  endif()
  math(EXPR close "${close} + 1")
  string(SUBSTRING "${text}" 0 ${close} code)
  file(WRITE ${out}.new "${code}")
  configure_file(${out}.new ${out} COPYONLY) # touched only when it changed
  set(${found} TRUE PARENT_SCOPE)
endfunction()
