# Included after the CTS's project() (CMAKE_PROJECT_INCLUDE) by
# tests/cts/build_cts.sh. The shared CTS sources lack test_conformance/spir
# (its prebuilt SPIR 1.2 zips are not redistributed), yet
# test_conformance/CMakeLists.txt still adds it; this wraps add_subdirectory
# so that one directory is left out without editing the shared tree.
if(NOT KILN_CTS_SKIP_SPIR_DEFINED)
  set(KILN_CTS_SKIP_SPIR_DEFINED TRUE)
  macro(add_subdirectory)
    if("${ARGV0}" STREQUAL "spir" AND NOT EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/spir")
      message(STATUS "kiln: leaving out ${CMAKE_CURRENT_SOURCE_DIR}/spir (absent)")
    else()
      _add_subdirectory(${ARGV})
    endif()
  endmacro()
endif()
