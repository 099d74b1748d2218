-- luacheck configuration: Lua 5.4; the program's globals where scripts
-- and tests may use them.  .ci/run checks lua/, scripts/ and tests/lua/
-- (and bench/) with it and wants no warning.
std = "lua54"
max_line_length = 120

-- Scripts run by the program see the module as the global mt.
files["scripts/"] = {read_globals = {"mt"}}

-- bench.c runs the bench files with the module as the global mt.
files["bench/"] = {read_globals = {"mt"}}

-- The test harness (tests/lua/run.lua) defines these for the test files.
files["tests/lua/"] = {
  globals = {"test", "check", "eq", "raises", "HERE", "PROGRAM"},
  read_globals = {"mt"},
}
