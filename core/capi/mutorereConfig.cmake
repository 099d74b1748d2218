# mutorereConfig.cmake — what find_package(mutorere) reads: the imported
# target mutorere::mutorere, libmutorere with its header (mutorere.h).
include("${CMAKE_CURRENT_LIST_DIR}/mutorereTargets.cmake")
